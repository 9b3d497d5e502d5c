import { type ReactNode } from "react";

/** A fact: its label, its value, and optionally the test id of the value. */
export type Fact = readonly [label: string, value: ReactNode, testId?: string];

/**
 * Labelled facts about one thing, as a description list: labels in a column beside their values
 * on wide screens, above them on phones. A `null` or `false` entry is a fact that does not apply.
 */
export function Facts({
  facts,
  label,
  testId,
  className = "",
}: {
  facts: readonly (Fact | null | false)[];
  label?: string;
  testId?: string;
  className?: string;
}) {
  return (
    <dl
      aria-label={label}
      data-testid={testId}
      className={`grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] ${className}`}
    >
      {facts.map((fact) =>
        fact ? (
          <div key={fact[0]} className="contents">
            <dt className="text-slate-600">{fact[0]}</dt>
            <dd className="min-w-0 break-words sm:mb-1" data-testid={fact[2]}>
              {fact[1]}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
