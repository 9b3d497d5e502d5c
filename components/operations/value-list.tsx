import { useTranslations } from "next-intl";
import { type ReactNode } from "react";

/** `someFieldName` → "Some field name": fields the interface does not name are shown as sent. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type ValuesT = ReturnType<typeof useTranslations<"operations.values">>;

function scalar(value: unknown, t: ValuesT): ReactNode {
  if (value === null || value === undefined) return <span className="text-slate-500">—</span>;
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (typeof value === "string" && value.startsWith("data:image/"))
    return <span className="text-slate-500">{t("image")}</span>;
  return String(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A result whose inner fields the interface does not show, as readable fields: nested objects
 * as nested lists, arrays of scalars joined, arrays of objects one item per line. Depth is
 * bounded so that an unexpected shape cannot make the page unreadable.
 */
export function ValueList({
  value,
  depth = 0,
  label,
}: {
  value: Record<string, unknown>;
  depth?: number;
  label?: string;
}) {
  const t = useTranslations("operations.values");
  const entries = Object.entries(value);
  if (!entries.length) return <p className="text-sm text-slate-500">{t("noFields")}</p>;
  return (
    <dl
      aria-label={label}
      className={`grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 text-sm ${depth ? "border-l border-slate-200 pl-3" : ""}`}
    >
      {entries.map(([key, v]) => (
        <div key={key} className="contents">
          <dt className="text-slate-600">{humanize(key)}</dt>
          <dd className="min-w-0 break-words">
            <Value value={v} depth={depth} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ value, depth }: { value: unknown; depth: number }): ReactNode {
  const t = useTranslations("operations.values");
  if (isRecord(value))
    return depth >= 3 ? (
      <code className="text-xs">{JSON.stringify(value)}</code>
    ) : (
      <ValueList value={value} depth={depth + 1} />
    );
  if (Array.isArray(value)) {
    if (!value.length) return <span className="text-slate-500">{t("none")}</span>;
    if (value.every((v) => !isRecord(v) && !Array.isArray(v)))
      return value.map((v) => String(scalar(v, t))).join(", ");
    return (
      <ul className="space-y-2">
        {value.map((item, i) => (
          <li key={i}>
            <Value value={item} depth={depth} />
          </li>
        ))}
      </ul>
    );
  }
  return scalar(value, t);
}

/** A whole answer whose fields the interface does not show, folded away under its headline. */
export function AllFields({ value }: { value: Record<string, unknown> }) {
  const t = useTranslations("operations.values");
  return (
    // The answer as the service gave it, for support: its codes are shown as they are.
    <details data-full-answer="">
      <summary className="cursor-pointer text-sm font-medium">{t("allFields")}</summary>
      <div className="mt-2">
        <ValueList value={value} label={t("allFieldsLabel")} />
      </div>
    </details>
  );
}
