import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { type OrderJobFamily } from "@/lib/api/contract/operations";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { CopyableId } from "@/components/ui/copyable-id";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { attempt } from "@/lib/operations/outcome";
import { Receipt } from "@/components/billing/receipt";
import { formatDateTime } from "@/lib/format";
import { getFlow } from "@/app/(console)/vin/_lib/vin-flows";

export const metadata: Metadata = { title: "Identified vehicle" };

const LABELS: Record<string, string> = {
  manufacturer: "Manufacturer",
  model: "Model",
  modelYear: "Model year",
  bodyType: "Body",
  fuelType: "Fuel",
  transmission: "Transmission",
};

/** What a full VIN can be ordered for next, and how the step reads. */
const ORDERS_FOR_A_VIN = [
  ["vin_parts", "Look up the vehicle's parts"],
  ["cart_check", "Check a cart of OE numbers against it"],
  ["economic_evaluation", "Evaluate its parts economically"],
] as const satisfies readonly (readonly [OrderJobFamily, string])[];

export default async function FlowPage({ params }: { params: Promise<{ flowId: string }> }) {
  const { session, api } = await requirePageSession();
  const { flowId } = await params;
  const flow = await getFlow(session.organizationId, flowId);
  if (!flow || !flow.outcome) notFound();

  if (flow.outcome === "cancelled") {
    return (
      <>
        <PageHeader title="Lookup cancelled" />
        <Alert tone="info" title="The vehicle was not confirmed">
          The lookup for <code>{flow.vin}</code> was cancelled on the service&apos;s page. Nothing
          was loaded.{" "}
          <Link href="/vin" className="underline">
            Start again
          </Link>
        </Alert>
      </>
    );
  }

  const read = await attempt("getVehicleByTapiId", () =>
    api.getVehicleByTapiId({ params: { svcId: flow.svcId! } }),
  );
  const record: Record<string, unknown> | null = read.ok ? read.data : null;
  const error = read.ok ? null : read.message;
  const engine = record?.engine as
    { displacementCcm?: number | null; powerKw?: number } | undefined;
  const full = flow.vin.length === 17;
  const q = encodeURIComponent(flow.vin);
  return (
    <>
      <PageHeader
        title="Identified vehicle"
        description={`Started ${formatDateTime(flow.createdAt)} for VIN ${flow.vin}${flow.note ? ` · note: ${flow.note}` : ""}`}
      />
      <Card title="Technical record">
        {error ? (
          <Alert tone="danger">{error}</Alert>
        ) : (
          <dl
            className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm"
            data-testid="technical-record"
          >
            <dt className="text-slate-500">svcId</dt>
            <dd>
              <CopyableId id={flow.svcId!} kind="svcId" />
            </dd>
            {Object.entries(LABELS).map(([k, label]) =>
              record?.[k] !== undefined ? (
                <div key={k} className="contents">
                  <dt className="text-slate-500">{label}</dt>
                  <dd>{String(record[k])}</dd>
                </div>
              ) : null,
            )}
            {engine ? (
              <>
                <dt className="text-slate-500">Engine</dt>
                <dd>
                  {engine.displacementCcm ? `${engine.displacementCcm} cm³, ` : ""}
                  {engine.powerKw} kW
                </dd>
              </>
            ) : null}
          </dl>
        )}
        <p className="mt-3 text-xs text-slate-500">
          A reference to the vehicle type, not the physical car; derived data, not a guarantee of
          fitment.
        </p>
        {read.receipt ? (
          <div className="mt-3">
            <Receipt facts={read.receipt} label="Receipt: technical record" />
          </div>
        ) : null}
      </Card>
      <Card title="Next steps" className="mt-6">
        {full ? (
          <ul className="space-y-2 text-sm">
            <li>
              <Link className="text-brand-700 underline" href={`/vehicles?vin=${q}`}>
                Open the vehicle workspace
              </Link>{" "}
              (record, recalls, parts, cart check, evaluation and listing text in one place)
            </li>
            {ORDERS_FOR_A_VIN.map(([kind, words]) => (
              <li key={kind}>
                <Link className="text-brand-700 underline" href={`/jobs/new?kind=${kind}&vin=${q}`}>
                  {words}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">
            <Link
              className="text-brand-700 underline"
              href={`/vehicles?svcId=${encodeURIComponent(flow.svcId!)}`}
            >
              Open the vehicle type in the workspace
            </Link>{" "}
            (technical record and listing text). You started with a partial VIN. Parts lookups, cart
            checks and evaluations need the full 17-character VIN:{" "}
            <Link className="text-brand-700 underline" href="/jobs/new?kind=vin_parts">
              enter it there
            </Link>
            .
          </p>
        )}
      </Card>
    </>
  );
}
