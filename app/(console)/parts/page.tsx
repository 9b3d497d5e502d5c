import type { Metadata } from "next";
import { type ReactNode } from "react";
import { Receipt, type ReceiptFacts } from "@/components/billing/receipt";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { DataTable } from "@/components/ui/table";
import { messageForCode } from "@/lib/actions/user-messages";
import { InvalidInputError, ServiceError } from "@/lib/api/client";
import { type ServiceMetadata } from "@/lib/api/contract/headers";
import { requirePageSession } from "@/lib/auth/guards";
import { formatMinor } from "@/lib/format";

export const metadata: Metadata = { title: "Parts (OE)" };

const CAVEAT =
  "Derived data, not a guarantee: reference numbers, VDI codes and replacement edges never prove that a part fits a specific vehicle, and list prices are not binding.";

const factsOf = (m: ServiceMetadata): ReceiptFacts => ({
  billingSource: m.billingSource,
  billingBundle: m.billingBundle,
  sponsorshipGrant: m.sponsorshipGrant,
  usageWarnings: m.usageWarnings,
  idempotentReplay: m.idempotentReplay,
});

type Outcome<T> =
  | { ok: true; data: T; receipt: ReceiptFacts }
  | { ok: false; code: string; message: string; receipt: ReceiptFacts | null };

/** A documented refusal is an outcome to show, with its own receipt (a refund is a charge undone). */
async function attempt<T>(
  call: () => Promise<{ data: T; metadata: ServiceMetadata }>,
): Promise<Outcome<T>> {
  try {
    const res = await call();
    return { ok: true, data: res.data, receipt: factsOf(res.metadata) };
  } catch (error) {
    if (error instanceof ServiceError)
      return {
        ok: false,
        code: error.code,
        message: messageForCode(error.code, error.retryAfterSeconds, error.message),
        receipt: factsOf(error.metadata),
      };
    if (error instanceof InvalidInputError)
      return {
        ok: false,
        code: "invalid_request",
        message: error.issues.map((i) => i.message).join("; "),
        receipt: null,
      };
    throw error;
  }
}

function Refusal({
  outcome,
  title,
}: {
  outcome: { code: string; message: string };
  title: string;
}) {
  return (
    <Alert
      tone={
        outcome.code === "oe_part_not_found" || outcome.code === "oe_number_ambiguous"
          ? "info"
          : "danger"
      }
      title={title}
    >
      {outcome.message} <code className="text-xs">({outcome.code})</code>
    </Alert>
  );
}

function Section({
  title,
  outcome,
  children,
}: {
  title: string;
  outcome: Outcome<unknown>;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <div className="space-y-3">
        {outcome.ok ? children : <Refusal outcome={outcome} title="Documented outcome" />}
        {outcome.receipt ? <Receipt facts={outcome.receipt} label={`Receipt: ${title}`} /> : null}
      </div>
    </Card>
  );
}

/** The OE part desk: normalise a number and read the confirmed base part, each call with its receipt. */
export default async function PartsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { api } = await requirePageSession();
  const search = await searchParams;
  // Not cut to length: an over-long number is refused with the contract's own message.
  const oe = typeof search.oe === "string" ? search.oe.trim() : "";
  const maker = typeof search.manufacturer === "string" ? search.manufacturer.trim() : "";
  const query = maker ? { manufacturer: maker } : {};
  const [normalized, base] = oe
    ? await Promise.all([
        attempt(() => api.normalizeOeNumber({ query: { oeNumber: oe, ...query } })),
        attempt(() => api.getOePart({ params: { oeNumber: oe }, query })),
      ])
    : [null, null];
  return (
    <>
      <PageHeader
        title="Parts (OE)"
        description="Normalise an OE number and read its confirmed base part. Each look-up is one billed call per operation; the receipt beside each result says how it was settled."
      />
      <div className="space-y-6">
        <Card title="Look up an OE number">
          <form
            method="get"
            action="/parts"
            className="grid gap-4 sm:grid-cols-3"
            aria-label="Look up an OE number"
          >
            <TextField name="oe" label="OE number" defaultValue={oe} required autoComplete="off" />
            <TextField
              name="manufacturer"
              label="Manufacturer (optional)"
              defaultValue={maker}
              autoComplete="off"
            />
            <div className="flex items-end">
              <Button type="submit">Look up</Button>
            </div>
          </form>
        </Card>
        {normalized ? (
          <Section title="Normalisation" outcome={normalized}>
            {normalized.ok ? (
              <dl
                className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
                data-testid="normalization"
              >
                <dt className="text-slate-600">Status</dt>
                <dd>{normalized.data.status}</dd>
                <dt className="text-slate-600">Normalised number</dt>
                <dd>{normalized.data.normalizedOeNumber ?? "— (only for a match)"}</dd>
                <dt className="text-slate-600">Equivalent numbers</dt>
                <dd>{normalized.data.equivalentOeNumbers.join(", ") || "—"}</dd>
                <dt className="text-slate-600">Known candidates</dt>
                <dd>{normalized.data.knownCandidates.map((c) => c.value).join(", ") || "—"}</dd>
              </dl>
            ) : null}
          </Section>
        ) : null}
        {base ? (
          <Section title="Base part" outcome={base}>
            {base.ok ? (
              <div className="space-y-3 text-sm" data-testid="base-part">
                <p>
                  <strong>{base.data.part.name ?? "Unnamed part"}</strong> ·{" "}
                  {base.data.part.manufacturer ?? "manufacturer not given"} ·{" "}
                  {base.data.part.listPrice
                    ? formatMinor(
                        base.data.part.listPrice.amountMinor,
                        base.data.part.listPrice.currency,
                      )
                    : "no list price"}
                </p>
                <p>
                  Generic article {base.data.svcGenArt ?? "—"} · VDI{" "}
                  {base.data.vdi.join(", ") || "none (a complete answer)"}
                </p>
                {base.data.replacementChain.length ? (
                  <p aria-label="Replacement chain" data-testid="replacement-chain">
                    Replacement chain:{" "}
                    {[
                      base.data.replacementChain[0]!.from,
                      ...base.data.replacementChain.map((e) => e.to),
                    ].join(" → ")}
                  </p>
                ) : null}
                <DataTable
                  caption="Fitment criteria by vehicle type"
                  columns={["Vehicle type key", "Criteria"]}
                  rows={base.data.fitment}
                  keyOf={(f) => f.vehicleTypeKey}
                  cells={(f) => [
                    <code key="k">{f.vehicleTypeKey}</code>,
                    f.criteria.join("; ") || "—",
                  ]}
                  empty="No fitment listed."
                />
                <DataTable
                  caption="References by manufacturer"
                  columns={["Manufacturer", "Numbers"]}
                  rows={base.data.references}
                  keyOf={(r) => r.manufacturer}
                  cells={(r) => [r.manufacturer, r.numbers.join(", ")]}
                  empty="No references."
                />
                <p className="text-xs text-slate-500">{CAVEAT}</p>
              </div>
            ) : null}
          </Section>
        ) : null}
      </div>
    </>
  );
}
