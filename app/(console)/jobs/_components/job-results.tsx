import { Warnings } from "@/components/operations/coded-sentence";
import { CopyableId } from "@/components/ui/copyable-id";
import { Facts } from "@/components/ui/facts";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import { formatMinor } from "@/lib/format";
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

const CAVEAT =
  "Derived data, not a guarantee: fitment, reference numbers and VDI codes never prove that a part fits a specific vehicle, and prices are not binding.";

function Quiet({ children }: { children: string }) {
  return <span className="text-slate-500">{children}</span>;
}

/** A finished job's result, in the shape the contract gives its status operation's answer. */
type PartsOfVin = z.infer<typeof vinPartsResponse>;
type CartCheck = z.infer<typeof cartCheckResponse>;
type Evaluation = z.infer<typeof economicEvaluationResponse>;
type PartImages = z.infer<typeof partImageGenerationResponse>;

function PartsResult({ result }: { result: PartsOfVin }) {
  const missing = result.missingCategories ?? [];
  return (
    <div className="space-y-3">
      {missing.length ? (
        <Alert tone="warning" title="The list is incomplete">
          The service has no data for: {missing.join(", ")}.
        </Alert>
      ) : null}
      <p className="text-sm text-slate-600">
        Match level {result.matchLevel ?? "not reported"}
        {result.svcId ? (
          <>
            {" "}
            · svcId <CopyableId id={result.svcId} kind="svcId" />
          </>
        ) : null}
      </p>
      <DataTable
        caption="Parts of the vehicle"
        testId="parts-result"
        columns={["OE number", "Part", "svcGenArt", "VDI 4081"]}
        rows={(result.parts ?? []).map((part, i) => ({ part, i }))}
        keyOf={({ i }) => String(i)}
        empty="The service listed no parts for this vehicle."
        cells={({ part: p }) => [
          p.number ? <code key="n">{p.number}</code> : <Quiet key="n">no OE number</Quiet>,
          p.name ?? "—",
          <code key="g">{p.svcGenArt}</code>,
          p.vdi.length ? p.vdi.join(", ") : <Quiet key="v">none (no valid mapping)</Quiet>,
        ]}
      />
    </div>
  );
}

function CartResult({ result }: { result: CartCheck }) {
  return (
    <div className="space-y-3">
      {result.complete ? (
        <Alert tone="info">The check is complete: “does not fit” is a reliable exclusion.</Alert>
      ) : (
        <Alert tone="warning" title="The check is incomplete">
          “Does not fit” is not reliable here: the service could not check every category for this
          vehicle.
        </Alert>
      )}
      <DataTable
        caption="Cart check results in the order sent"
        testId="cart-result"
        rowTestId="cart-row"
        columns={["#", "OE number", "Result"]}
        rows={result.results.map((r, i) => ({ ...r, i }))}
        keyOf={({ i }) => String(i)}
        empty="The cart was empty."
        cells={(r) => [
          r.i + 1,
          <code key="oe">{r.oe}</code>,
          r.fits ? (
            <Badge key="r" tone="green">
              fits ({result.mode} level)
            </Badge>
          ) : result.complete ? (
            <Badge key="r" tone="red">
              does not fit (reliable)
            </Badge>
          ) : (
            <Badge key="r" tone="amber">
              not confirmed (not a reliable exclusion)
            </Badge>
          ),
        ]}
      />
    </div>
  );
}

/** An assumption of the evaluation in the words and units its form asked for (euros, percent). */
function assumptionText(field: string, value: unknown, currency: string): string {
  switch (field) {
    case "condition":
      return `${value === "new" ? "new" : "used"} parts`;
    case "vehicleType":
      return value === "motorcycle" ? "a motorcycle" : "a car";
    case "maxPricedParts":
      return `at most ${String(value)} priced parts`;
    case "recoveryRate":
      return typeof value === "number"
        ? `${Math.round(value * 100)} percent of the price recovered`
        : `recovery rate ${String(value)}`;
    case "costPerPartMinor":
      return typeof value === "number"
        ? `${formatMinor(value, currency)} cost per part`
        : `cost per part ${String(value)}`;
    case "country":
      return `market ${String(value)}`;
    default:
      return `${field.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()} ${String(value)}`;
  }
}

function EvaluationResult({ result }: { result: Evaluation }) {
  const c = result.currency;
  return (
    <div className="space-y-3" data-testid="evaluation-result">
      <Facts
        facts={[
          [
            "Revenue potential",
            `${formatMinor(result.revenuePotential?.grossMinor, c)} gross, ${formatMinor(result.revenuePotential?.netMinor, c)} net`,
          ],
          [
            "Purchase recommendation",
            `at most ${formatMinor(result.purchaseRecommendation?.maxPurchasePriceMinor, c)}${result.purchaseRecommendation?.basis ? ` (${result.purchaseRecommendation.basis})` : ""}`,
          ],
          [
            "Assumptions",
            Object.entries(result.assumptions ?? {})
              .filter(([, v]) => v !== null && v !== undefined)
              .map(([k, v]) => assumptionText(k, v, c))
              .join(" · "),
            "evaluation-assumptions",
          ],
        ]}
      />
      <Warnings title="Warnings attached to these figures" warnings={result.warnings} />
      <DataTable
        caption="Ranked priced parts"
        columns={["Rank", "Part", "Price", "Recovery"]}
        rows={result.parts.map((part, i) => ({ part, i }))}
        keyOf={({ i }) => String(i)}
        empty="No part could be priced."
        cells={({ part: p, i }) => [
          p.rank ?? i + 1,
          <span key="p">
            {p.name ?? "—"} {p.number ? <code>{p.number}</code> : null}
          </span>,
          formatMinor(p.priceMinor, c),
          formatMinor(p.recoveryMinor, c),
        ]}
      />
    </div>
  );
}

function ImageResult({ result }: { result: PartImages }) {
  return (
    <div className="space-y-3" data-testid="image-result">
      <p className="text-sm">
        Images for <code>{result.oeNumber}</code>
      </p>
      {result.disclosure ? <Alert tone="info">{result.disclosure}</Alert> : null}
      <ul className="flex flex-wrap gap-4">
        {(result.images ?? []).map((img, i) => (
          <li key={i}>
            {img.url?.startsWith("data:image/") ? (
              // eslint-disable-next-line @next/next/no-img-element -- synthetic data URLs from the service
              <img
                src={img.url}
                alt={`Synthetic ${img.view ?? ""} view of ${result.oeNumber}`}
                width={240}
                height={150}
                className="rounded border border-slate-200"
              />
            ) : (
              <span className="text-sm text-slate-500">{img.view ?? "image"}: not displayable</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A job's final result, by family, with the interface's caveats. */
export function JobResult({ family, result }: { family: JobFamily; result: unknown }) {
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
      <p className="text-xs text-slate-500">{CAVEAT}</p>
    </div>
  );
}
