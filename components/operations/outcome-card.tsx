import { useTranslations } from "next-intl";
import { type ReactNode } from "react";
import { Receipt } from "@/components/billing/receipt";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { OPERATIONS } from "@/lib/api/contract/operations";
import { type Outcome } from "@/lib/operations/outcome";
import { CodedSentence } from "./coded-sentence";

/**
 * The interface's own caveat for derived part and vehicle data: its message key in the
 * "operations" namespace (`t(DERIVED_DATA_CAVEAT)`).
 */
export const DERIVED_DATA_CAVEAT = "outcome.derivedCaveat" as const;

/** An answer that did not parse against its documented shape: kept, but not shown as `shownAs`. */
export function UndocumentedShape({ shownAs }: { shownAs: string }) {
  const t = useTranslations("operations.outcome");
  return (
    <Alert tone="warning" title={t("undocumentedTitle")}>
      {t("undocumentedBody", { shownAs })}
    </Alert>
  );
}

/** Why a refusal happened, in the words a user can act on. */
export function RefusalNotice({ outcome }: { outcome: Extract<Outcome<unknown>, { ok: false }> }) {
  const t = useTranslations("operations.outcome");
  const op = OPERATIONS[outcome.operation];
  if (outcome.code === "endpoint_not_enabled")
    return (
      <Alert tone="info" title={t("notEnabledTitle")}>
        {t.rich("notEnabledBody", {
          endpoint: op.endpointKey,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </Alert>
    );
  // A documented refusal may echo what it was asked (e.g. `seo_no_exact_match`).
  const echo = Object.entries(outcome.details).filter(
    (e): e is [string, string | number] => typeof e[1] === "string" || typeof e[1] === "number",
  );
  return (
    <Alert
      tone={outcome.documented ? "info" : "danger"}
      title={outcome.documented ? t("documentedTitle") : t("refusedTitle")}
    >
      <CodedSentence code={outcome.code} sentence={outcome.message} />
      {echo.length ? (
        <span className="mt-1 block text-xs" data-testid="refusal-echo">
          {t("echo", { echo: echo.map(([k, v]) => `${k} ${v}`).join(" · ") })}
        </span>
      ) : null}
    </Alert>
  );
}

/**
 * One call's result on a page: what it answered (or why not), the caveat that stays attached to
 * it, and its receipt.
 */
export function OutcomeCard<T>({
  title,
  outcome,
  caveat,
  children,
  refusal,
}: {
  title: string;
  /** Nothing is shown without one (the read was not asked for). */
  outcome: Outcome<T> | null | undefined;
  caveat?: string;
  children: (data: T) => ReactNode;
  /** What a refusal offers besides its sentence (the choices an ambiguous answer names). */
  refusal?: (refused: Extract<Outcome<T>, { ok: false }>) => ReactNode;
}) {
  const t = useTranslations("operations.outcome");
  if (!outcome) return null;
  return (
    <Card title={title}>
      <div className="space-y-3">
        {outcome.ok ? (
          children(outcome.data)
        ) : (
          <>
            <RefusalNotice outcome={outcome} />
            {refusal?.(outcome)}
          </>
        )}
        {outcome.ok && caveat ? <p className="text-xs text-slate-500">{caveat}</p> : null}
        {outcome.receipt ? (
          <Receipt facts={outcome.receipt} label={t("receipt", { title })} />
        ) : null}
      </div>
    </Card>
  );
}
