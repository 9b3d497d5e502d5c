import { CodedSentence } from "@/components/operations/coded-sentence";
import { type z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Pagination } from "@/components/ui/pagination";
import { RecordsTable, DataTable } from "@/components/ui/table";
import {
  type aftermarketResponse,
  type BasePartResponse,
  type normalizationResponse,
  type priceResponse,
  seoResponse,
  type SeoResponse,
} from "@/lib/api/contract/parts";
import { formatDateTime, formatMinor } from "@/lib/format";
import { partsHref, REFERENCES_PAGE_SIZE } from "../_lib/parts-view";

/** A manufacturer as people write it: the catalogue's `RENAULT` is Renault. */
const manufacturerName = (m: string) =>
  m.length > 3 && m === m.toUpperCase() ? m.charAt(0) + m.slice(1).toLowerCase() : m;

/**
 * The base part of a number several manufacturers use: one link per manufacturer the service
 * named, each reading the part again for that manufacturer.
 */
export function ManufacturerChoice({ oe, candidates }: { oe: string; candidates: unknown }) {
  const named = (Array.isArray(candidates) ? candidates : [])
    .map((c) => (typeof c === "object" && c !== null ? (c as Record<string, unknown>) : {}))
    .filter((c): c is { manufacturer: string } => typeof c.manufacturer === "string");
  if (!named.length) return null;
  return (
    <nav aria-label="Choose the manufacturer" className="text-sm" data-testid="manufacturer-choice">
      <p>
        This number is used by {named.map((c) => manufacturerName(c.manufacturer)).join(" and ")}.
        Read the part of:
      </p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {[...new Set(named.map((c) => c.manufacturer))].map((m) => (
          <li key={m}>
            <a
              className="inline-block rounded-md border border-slate-300 px-3 py-1 text-brand-700 underline"
              href={partsHref({ kind: "lookup", oe, manufacturer: m })}
            >
              {manufacturerName(m)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Normalization({ data }: { data: z.output<typeof normalizationResponse> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="normalization">
      <dt className="text-slate-600">Status</dt>
      <dd>{data.status}</dd>
      <dt className="text-slate-600">Normalised number</dt>
      <dd>{data.normalizedOeNumber ?? "— (only for a match)"}</dd>
      <dt className="text-slate-600">Equivalent numbers</dt>
      <dd>{data.equivalentOeNumbers.join(", ") || "—"}</dd>
      <dt className="text-slate-600">Known candidates</dt>
      <dd data-testid="known-candidates">
        {data.knownCandidates
          .map((c) =>
            typeof c.manufacturer === "string"
              ? `${c.value} (${manufacturerName(c.manufacturer)})`
              : c.value,
          )
          .join(", ") || "—"}
      </dd>
    </dl>
  );
}

export function BasePart({ data }: { data: BasePartResponse }) {
  return (
    <div className="space-y-3 text-sm" data-testid="base-part">
      <p>
        <strong>{data.part.name ?? "Unnamed part"}</strong> ·{" "}
        {data.part.manufacturer ?? "manufacturer not given"} ·{" "}
        {data.part.listPrice
          ? formatMinor(data.part.listPrice.amountMinor, data.part.listPrice.currency)
          : "no list price"}
      </p>
      <p>
        Generic article {data.svcGenArt ?? "—"} · VDI{" "}
        {data.vdi.join(", ") || "none (a complete answer)"}
      </p>
      {data.replacementChain.length ? (
        <p aria-label="Replacement chain" data-testid="replacement-chain">
          Replacement chain:{" "}
          {[data.replacementChain[0]!.from, ...data.replacementChain.map((e) => e.to)].join(" → ")}
        </p>
      ) : null}
      <DataTable
        caption="Fitment criteria by vehicle type"
        columns={["Vehicle type key", "Criteria"]}
        rows={data.fitment}
        keyOf={(f) => f.vehicleTypeKey}
        cells={(f) => [<code key="k">{f.vehicleTypeKey}</code>, f.criteria.join("; ") || "—"]}
        empty="No fitment listed."
      />
      <DataTable
        caption="References by manufacturer"
        columns={["Manufacturer", "Numbers"]}
        rows={data.references}
        keyOf={(r) => r.manufacturer}
        cells={(r) => [r.manufacturer, r.numbers.join(", ")]}
        empty="No references."
      />
    </div>
  );
}

/** One page of references, paged on the service (`limit`/`offset`) with the total it reports. */
export function AftermarketReferences({
  data,
  oe,
  page,
  normalized,
}: {
  data: z.output<typeof aftermarketResponse>;
  oe: string;
  page: number;
  normalized?: string;
}) {
  const items = data.aftermarketReferences;
  const pages = Math.max(1, Math.ceil(data.count / REFERENCES_PAGE_SIZE));
  return (
    <div className="space-y-3 text-sm" data-testid="aftermarket-references">
      <p>
        {data.count} reference{data.count === 1 ? "" : "s"} for <code>{data.oeNumber}</code>
        {data.count
          ? `, ${(page - 1) * REFERENCES_PAGE_SIZE + 1}–${(page - 1) * REFERENCES_PAGE_SIZE + items.length} shown`
          : ""}
        . The number is used exactly as sent (no normalisation): an empty list is a valid answer,
        and the normalised form may find references where a printed form does not.
      </p>
      {data.count === 0 ? (
        <p data-testid="references-retry">
          {normalized ? (
            <a
              className="text-brand-700 underline"
              href={partsHref({ kind: "references", oe: normalized, page: 1 })}
            >
              Read the references for {normalized}, the normalised number
            </a>
          ) : (
            <a
              className="text-brand-700 underline"
              href={partsHref({ kind: "lookup", oe, manufacturer: "" })}
            >
              Normalise {oe} first
            </a>
          )}
        </p>
      ) : null}
      <RecordsTable caption="References on this page" records={items} />
      <Pagination
        page={Math.min(page, pages)}
        pages={pages}
        label="Reference pages"
        hrefFor={(p) => partsHref({ kind: "references", oe, page: p })}
      />
    </div>
  );
}

type Range = Record<string, unknown>;
const RANGE_LABELS = new Map([
  ["new", "New"],
  ["used", "Used"],
]);

export function PriceEvaluation({ data }: { data: z.output<typeof priceResponse> }) {
  const ranges = Object.entries(data.ranges ?? {}) as [string, Range | undefined][];
  const rec = data.priceRecommendation as Record<string, unknown>;
  const money = (v: unknown) => (typeof v === "number" ? formatMinor(v, data.currency) : "—");
  return (
    <div className="space-y-3 text-sm" data-testid="price-evaluation">
      <p>
        Recommendation
        {typeof rec.condition === "string" ? ` (${rec.condition})` : ""}:{" "}
        <strong>{money(rec.amountMinor)}</strong> · confidence{" "}
        <Badge>{String(rec.confidence)}</Badge>
        {data.listingCount !== undefined ? ` · from ${data.listingCount} listings` : ""}
        {data.vehicleType ? ` · ${data.vehicleType}` : ""}
      </p>
      <DataTable
        caption="Ranges by condition"
        columns={["Condition", "Low", "Median", "High"]}
        rows={ranges}
        keyOf={([c]) => c}
        cells={([c, r]) => [
          RANGE_LABELS.get(c) ?? c,
          money(r?.lowMinor),
          money(r?.medianMinor),
          money(r?.highMinor),
        ]}
        empty="No ranges reported."
      />
    </div>
  );
}

/** The limits of each content field, read from the contract rather than restated. */
const contentShape = seoResponse.shape.content.shape;
const CONTENT_FIELDS = [
  ["marketTitle", "Market title"],
  ["title", "Title"],
  ["h1", "H1"],
  ["metaTitle", "Meta title"],
  ["metaDescription", "Meta description"],
] as const;
const BULLET_LIMIT = contentShape.bulletPoints.element.maxLength ?? 160;
const BULLET_COUNT = contentShape.bulletPoints.def.checks
  ?.map((c) => c._zod.def as { check: string; maximum?: number })
  .find((d) => d.check === "max_length")?.maximum;

function Length({ value, limit }: { value: string; limit: number | null }) {
  return (
    <span className="ml-2 text-xs text-slate-500">
      {value.length}/{limit ?? "∞"} characters
    </span>
  );
}

export function MarketplaceArticle({ data }: { data: SeoResponse }) {
  return (
    <div className="space-y-3 text-sm" data-testid="marketplace-article">
      <p>
        {data.marketplaceId} · {data.language} · {data.vehicleType} · category{" "}
        {data.categoryId ?? "none"} · {data.product.manufacturer ?? "manufacturer not given"}{" "}
        {data.product.name}
        {data.product.nameAddition ? ` (${data.product.nameAddition})` : ""}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {CONTENT_FIELDS.map(([key, label]) => (
          <div key={key} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd>
              {data.content[key]}
              <Length value={data.content[key]} limit={contentShape[key].maxLength} />
            </dd>
          </div>
        ))}
        <dt className="text-slate-600">Slug</dt>
        <dd>
          <code>{data.content.slug}</code>
        </dd>
      </dl>
      <div>
        <h3 className="font-medium">
          Bullet points ({data.content.bulletPoints.length} of at most {BULLET_COUNT ?? "any"})
        </h3>
        <ul className="list-disc pl-5">
          {data.content.bulletPoints.map((b, i) => (
            <li key={i}>
              {b}
              <Length value={b} limit={BULLET_LIMIT} />
            </li>
          ))}
        </ul>
      </div>
      <p>Keywords: {data.keywords.join(", ") || "none"}</p>
      <DataTable
        caption="Item specifics"
        columns={["Name", "Values"]}
        rows={data.itemSpecifics}
        keyOf={(s) => s.name}
        cells={(s) => [s.name, s.value.join(", ")]}
        empty="No item specifics."
      />
      {data.liveAvailability ? <LiveAvailability value={data.liveAvailability} hasArticle /> : null}
    </div>
  );
}

/** Paused live enrichment is a documented state of the answer, not an error. */
export function LiveAvailability({
  value,
  hasArticle,
}: {
  value: Record<string, unknown>;
  /** Whether an article was answered (from content prepared earlier) or none at all. */
  hasArticle: boolean;
}) {
  const at = typeof value.availableAt === "string" ? value.availableAt : null;
  const retry = typeof value.retryAfterSeconds === "number" ? value.retryAfterSeconds : null;
  return (
    <div
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2"
      data-testid="live-availability"
    >
      <p className="font-medium">
        {value.status === "paused" ? "Live enrichment is paused" : "Live enrichment is limited"}
      </p>
      <p>
        {typeof value.reason === "string" ? <CodedSentence code={value.reason} /> : null}{" "}
        {at
          ? `It is expected back at ${formatDateTime(at)}.`
          : retry !== null
            ? `Try again in ${retry} s.`
            : "The service gave no time when it returns."}{" "}
        {hasArticle
          ? "The article above was prepared earlier, not enriched live."
          : "No article can be shown until then."}
      </p>
    </div>
  );
}
