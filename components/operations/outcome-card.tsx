import { type ReactNode } from "react";
import { Receipt } from "@/components/billing/receipt";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { OPERATIONS } from "@/lib/api/contract/operations";
import { type Outcome } from "@/lib/operations/outcome";
import { CodedSentence } from "./coded-sentence";

/** The interface's own caveat for derived part and vehicle data. */
export const DERIVED_DATA_CAVEAT =
  "Derived data, not proof of fitment: reference numbers, VDI codes and replacement edges never prove that a part fits a specific vehicle, and prices are indicative, not binding.";

/** An answer that did not parse against its documented shape: kept, but not shown as `shownAs`. */
export function UndocumentedShape({ shownAs }: { shownAs: string }) {
  return (
    <Alert tone="warning" title="This answer does not have the documented shape">
      It is kept, but not shown as {shownAs}.
    </Alert>
  );
}

/** Why a refusal happened, in the words a user can act on. */
export function RefusalNotice({ outcome }: { outcome: Extract<Outcome<unknown>, { ok: false }> }) {
  const op = OPERATIONS[outcome.operation];
  if (outcome.code === "endpoint_not_enabled")
    return (
      <Alert tone="info" title="Endpoint not enabled">
        Your Client&apos;s allowlist does not include the <code>{op.endpointKey}</code> endpoint, so
        the service refused the call before doing any work (nothing was charged). A Master enables
        endpoints for a Sub-user on the Sub-user&apos;s page.
      </Alert>
    );
  // A documented refusal may echo what it was asked (e.g. `seo_no_exact_match`).
  const echo = Object.entries(outcome.details).filter(
    (e): e is [string, string | number] => typeof e[1] === "string" || typeof e[1] === "number",
  );
  return (
    <Alert
      tone={outcome.documented ? "info" : "danger"}
      title={outcome.documented ? "Documented outcome" : "Refused"}
    >
      <CodedSentence code={outcome.code} sentence={outcome.message} />
      {echo.length ? (
        <span className="mt-1 block text-xs" data-testid="refusal-echo">
          The service echoed: {echo.map(([k, v]) => `${k} ${v}`).join(" · ")}
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
        {outcome.receipt ? <Receipt facts={outcome.receipt} label={`Receipt: ${title}`} /> : null}
      </div>
    </Card>
  );
}
