import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { type OrderJobFamily } from "@/lib/api/contract/operations";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { CopyableId } from "@/components/ui/copyable-id";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { attempt } from "@/lib/operations/outcome";
import { Receipt } from "@/components/billing/receipt";
import { getFlow } from "@/app/(console)/vin/_lib/vin-flows";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("vin.flow"))("title") };
}

const LABELS = [
  "manufacturer",
  "model",
  "modelYear",
  "bodyType",
  "fuelType",
  "transmission",
] as const;

/** What a full VIN can be ordered for next, and how the step reads. */
const ORDERS_FOR_A_VIN = [
  "vin_parts",
  "cart_check",
  "economic_evaluation",
] as const satisfies readonly OrderJobFamily[];

export default async function FlowPage({ params }: { params: Promise<{ flowId: string }> }) {
  const formats = await getFormats();
  const { session, api } = await requirePageSession();
  const { flowId } = await params;
  const flow = await getFlow(session.organizationId, flowId);
  if (!flow || !flow.outcome) notFound();
  const t = await getTranslations("vin.flow");

  if (flow.outcome === "cancelled") {
    return (
      <>
        <PageHeader title={t("cancelledTitle")} />
        <Alert tone="info" title={t("notConfirmed")}>
          {t.rich("cancelledBody", { vin: flow.vin, code: (chunks) => <code>{chunks}</code> })}{" "}
          <Link href="/vin" className="underline">
            {t("startAgain")}
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
        title={t("title")}
        description={t("started", {
          at: formats.dateTime(flow.createdAt),
          vin: flow.vin,
          note: flow.note ? t("note", { note: flow.note }) : "",
        })}
      />
      <Card title={t("technical")}>
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
            {LABELS.map((k) =>
              record?.[k] !== undefined ? (
                <div key={k} className="contents">
                  <dt className="text-slate-500">{t(`labels.${k}`)}</dt>
                  <dd>{String(record[k])}</dd>
                </div>
              ) : null,
            )}
            {engine ? (
              <>
                <dt className="text-slate-500">{t("engine")}</dt>
                <dd>
                  {engine.displacementCcm ? `${engine.displacementCcm} cm³, ` : ""}
                  {engine.powerKw} kW
                </dd>
              </>
            ) : null}
          </dl>
        )}
        <p className="mt-3 text-xs text-slate-500">{t("technicalNote")}</p>
        {read.receipt ? (
          <div className="mt-3">
            <Receipt facts={read.receipt} label={t("receipt")} />
          </div>
        ) : null}
      </Card>
      <Card title={t("next")} className="mt-6">
        {full ? (
          <ul className="space-y-2 text-sm">
            <li>
              {t.rich("openWorkspace", {
                link: (chunks) => (
                  <Link className="text-brand-700 underline" href={`/vehicles?vin=${q}`}>
                    {chunks}
                  </Link>
                ),
              })}
            </li>
            {ORDERS_FOR_A_VIN.map((kind) => (
              <li key={kind}>
                <Link className="text-brand-700 underline" href={`/jobs/new?kind=${kind}&vin=${q}`}>
                  {t(`orders.${kind}`)}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">
            {t.rich("partial", {
              type: (chunks) => (
                <Link
                  className="text-brand-700 underline"
                  href={`/vehicles?svcId=${encodeURIComponent(flow.svcId!)}`}
                >
                  {chunks}
                </Link>
              ),
              enter: (chunks) => (
                <Link className="text-brand-700 underline" href="/jobs/new?kind=vin_parts">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        )}
      </Card>
    </>
  );
}
