import { useTranslations } from "next-intl";
import { Warnings } from "@/components/operations/coded-sentence";
import { CopyableId } from "@/components/ui/copyable-id";
import { Facts } from "@/components/ui/facts";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import { ClusterIntelligenceView } from "@/app/(console)/intelligence/_components/cluster-intelligence-view";
import { VinEconomicView } from "@/app/(console)/intelligence/_components/vin-economic-view";
import { type JobFamily } from "@/lib/api/contract/operations";
import {
  type cartCheckResponse,
  type economicEvaluationResponse,
  type vinPartsResponse,
} from "@/lib/api/contract/vin";
import { type partImageGenerationResponse } from "@/lib/api/contract/vision";
import { type z } from "zod";
import { useFormats } from "@/components/i18n/formats-provider";
import type { Formats } from "@/lib/i18n/formats";

type ResultsT = ReturnType<typeof useTranslations<"jobs.results">>;

function Quiet({ children }: { children: string }) {
  return <span className="text-slate-500">{children}</span>;
}

/** A finished job's result, in the shape the contract gives its status operation's answer. */
type PartsOfVin = z.infer<typeof vinPartsResponse>;
type CartCheck = z.infer<typeof cartCheckResponse>;
type Evaluation = z.infer<typeof economicEvaluationResponse>;
type PartImages = z.infer<typeof partImageGenerationResponse>;

function PartsResult({ result }: { result: PartsOfVin }) {
  const t = useTranslations("jobs.results");
  const missing = result.missingCategories ?? [];
  return (
    <div className="space-y-3">
      {missing.length ? (
        <Alert tone="warning" title={t("incompleteTitle")}>
          {t("noDataFor", { categories: missing.join(", ") })}
        </Alert>
      ) : null}
      <p className="text-sm text-slate-600">
        {t("matchLevel", { level: result.matchLevel ?? t("notReported") })}
        {result.svcId ? (
          <>
            {" "}
            {`· svcId ` /* the interface's own name */}
            <CopyableId id={result.svcId} kind="svcId" />
          </>
        ) : null}
      </p>
      <DataTable
        caption={t("partsCaption")}
        testId="parts-result"
        columns={[
          t("partsColumns.oe"),
          t("partsColumns.part"),
          t("partsColumns.genArt"),
          t("partsColumns.vdi"),
        ]}
        rows={(result.parts ?? []).map((part, i) => ({ part, i }))}
        keyOf={({ i }) => String(i)}
        empty={t("noParts")}
        cells={({ part: p }) => [
          p.number ? <code key="n">{p.number}</code> : <Quiet key="n">{t("noOe")}</Quiet>,
          p.name ?? "—",
          <code key="g">{p.svcGenArt}</code>,
          p.vdi.length ? p.vdi.join(", ") : <Quiet key="v">{t("noVdi")}</Quiet>,
        ]}
      />
    </div>
  );
}

function CartResult({ result }: { result: CartCheck }) {
  const t = useTranslations("jobs.results");
  return (
    <div className="space-y-3">
      {result.complete ? (
        <Alert tone="info">{t("cartComplete")}</Alert>
      ) : (
        <Alert tone="warning" title={t("cartIncompleteTitle")}>
          {t("cartIncompleteBody")}
        </Alert>
      )}
      <DataTable
        caption={t("cartCaption")}
        testId="cart-result"
        rowTestId="cart-row"
        columns={[t("cartColumns.index"), t("cartColumns.oe"), t("cartColumns.result")]}
        rows={result.results.map((r, i) => ({ ...r, i }))}
        keyOf={({ i }) => String(i)}
        empty={t("emptyCart")}
        cells={(r) => [
          r.i + 1,
          <code key="oe">{r.oe}</code>,
          r.fits ? (
            <Badge key="r" tone="green">
              {t("fits", { mode: result.mode })}
            </Badge>
          ) : result.complete ? (
            <Badge key="r" tone="red">
              {t("doesNotFit")}
            </Badge>
          ) : (
            <Badge key="r" tone="amber">
              {t("notConfirmed")}
            </Badge>
          ),
        ]}
      />
    </div>
  );
}

/** An assumption of the evaluation in the words and units its form asked for (euros, percent). */
function assumptionText(
  field: string,
  value: unknown,
  currency: string,
  t: ResultsT,
  formats: Formats,
): string {
  switch (field) {
    case "condition":
      return t("assumptions.condition", { condition: value === "new" ? "new" : "used" });
    case "vehicleType":
      return t("assumptions.vehicleType", {
        type: value === "motorcycle" ? "motorcycle" : "car",
      });
    case "maxPricedParts":
      return t("assumptions.maxPricedParts", { value: String(value) });
    case "recoveryRate":
      return typeof value === "number"
        ? t("assumptions.recoveryRate", { percent: String(Math.round(value * 100)) })
        : t("assumptions.recoveryRateRaw", { value: String(value) });
    case "costPerPartMinor":
      return typeof value === "number"
        ? t("assumptions.costPerPart", { amount: formats.money(value, currency) })
        : t("assumptions.costPerPartRaw", { value: String(value) });
    case "country":
      return t("assumptions.country", { value: String(value) });
    default:
      return `${field.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()} ${String(value)}`;
  }
}

function EvaluationResult({ result }: { result: Evaluation }) {
  const formats = useFormats();
  const t = useTranslations("jobs.results");
  const c = result.currency;
  return (
    <div className="space-y-3" data-testid="evaluation-result">
      <Facts
        facts={[
          [
            t("revenue"),
            t("revenueValue", {
              gross: formats.money(result.revenuePotential?.grossMinor, c),
              net: formats.money(result.revenuePotential?.netMinor, c),
            }),
          ],
          [
            t("purchase"),
            t("purchaseValue", {
              amount: formats.money(result.purchaseRecommendation?.maxPurchasePriceMinor, c),
              basis: result.purchaseRecommendation?.basis
                ? ` (${result.purchaseRecommendation.basis})`
                : "",
            }),
          ],
          [
            t("assumptionsLabel"),
            Object.entries(result.assumptions ?? {})
              .filter(([, v]) => v !== null && v !== undefined)
              .map(([k, v]) => assumptionText(k, v, c, t, formats))
              .join(" · "),
            "evaluation-assumptions",
          ],
        ]}
      />
      <Warnings title={t("warnings")} warnings={result.warnings} />
      <DataTable
        caption={t("rankedCaption")}
        columns={[
          t("rankedColumns.rank"),
          t("rankedColumns.part"),
          t("rankedColumns.price"),
          t("rankedColumns.recovery"),
        ]}
        rows={result.parts.map((part, i) => ({ part, i }))}
        keyOf={({ i }) => String(i)}
        empty={t("noPriced")}
        cells={({ part: p, i }) => [
          p.rank ?? i + 1,
          <span key="p">
            {p.name ?? "—"} {p.number ? <code>{p.number}</code> : null}
          </span>,
          formats.money(p.priceMinor, c),
          formats.money(p.recoveryMinor, c),
        ]}
      />
    </div>
  );
}

function ImageResult({ result }: { result: PartImages }) {
  const t = useTranslations("jobs.results");
  return (
    <div className="space-y-3" data-testid="image-result">
      <p className="text-sm">
        {t.rich("imagesFor", { oe: result.oeNumber, code: (chunks) => <code>{chunks}</code> })}
      </p>
      {result.disclosure ? <Alert tone="info">{result.disclosure}</Alert> : null}
      <ul className="flex flex-wrap gap-4">
        {(result.images ?? []).map((img, i) => (
          <li key={i}>
            {img.url?.startsWith("data:image/") ? (
              // eslint-disable-next-line @next/next/no-img-element -- synthetic data URLs from the service
              <img
                src={img.url}
                alt={t("imageAlt", { view: img.view ?? "", oe: result.oeNumber })}
                width={240}
                height={150}
                className="rounded border border-slate-200"
              />
            ) : (
              <span className="text-sm text-slate-500">
                {t("notDisplayable", { view: img.view ?? t("image") })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A job's final result, by family, with the interface's caveats. */
export function JobResult({ family, result }: { family: JobFamily; result: unknown }) {
  const t = useTranslations("jobs.results");
  // Intelligence results carry their own caveats.
  if (family === "part_intelligence") return <ClusterIntelligenceView result={result} />;
  if (family === "vin_economic_intelligence") return <VinEconomicView result={result} />;
  const body =
    family === "vin_parts" ? (
      <PartsResult result={result as PartsOfVin} />
    ) : family === "cart_check" ? (
      <CartResult result={result as CartCheck} />
    ) : family === "economic_evaluation" ? (
      <EvaluationResult result={result as Evaluation} />
    ) : (
      <ImageResult result={result as PartImages} />
    );
  return (
    <div className="space-y-3">
      {body}
      <p className="text-xs text-slate-500">{t("caveat")}</p>
    </div>
  );
}
