"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type ActionResult } from "@/lib/actions/action-result";
import { useActionCall } from "@/lib/actions/use-action-submit";

export interface DemoChoiceItem {
  id: string;
  /** Whom the button signs in as: "Sign in as …". */
  name: string;
  description: string;
}

/** One-click sign-ins of the embedded reference service's demo: people, or the Clients' keys. */
export function DemoSignIn({
  id,
  heading,
  intro,
  choices,
  signIn,
}: {
  /** The section's id (its heading's is derived from it). */
  id: string;
  heading: string;
  intro: string;
  choices: DemoChoiceItem[];
  signIn: (id: string) => Promise<ActionResult<never>>;
}) {
  const { pending, notice, run } = useActionCall((id: string) => signIn(id));
  const t = useTranslations("signIn.demo");
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 border-t border-slate-200 pt-6">
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {notice ? (
        <Alert tone={notice.tone} title={notice.title} className="mt-3">
          {notice.text}
        </Alert>
      ) : null}
      <ul className="mt-3 space-y-2">
        {choices.map((c) => (
          <li
            key={c.id}
            className="flex items-center justify-between gap-4 rounded-md border border-slate-200 bg-white p-3"
          >
            <div>
              <p className="text-sm font-medium">{c.name}</p>
              <p className="text-xs text-slate-600">{c.description}</p>
            </div>
            <Button
              variant="secondary"
              disabled={pending}
              aria-label={t("signInAs", { name: c.name })}
              onClick={() => run(c.id)}
            >
              {t("signIn")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
