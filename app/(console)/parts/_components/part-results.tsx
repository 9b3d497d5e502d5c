import { CodedSentence } from "@/components/operations/coded-sentence";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
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
import { partsHref, REFERENCES_PAGE_SIZE } from "../_lib/parts-view";
import { getFormats } from "@/lib/i18n/formats-server";

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
  const t = useTranslations("parts.results");
  if (!named.length) return null;
  return (
    <nav aria-label={t("chooseManufacturer")} className="text-sm" data-testid="manufacturer-choice">
      <p>
        {t("usedBy", {
          manufacturers: named.map((c) => manufacturerName(c.manufacturer)).join(t("and")),
        })}
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
  const t = useTranslations("parts.results");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="normalization">
      <dt className="text-slate-600">{t("status")}</dt>
      <dd>{data.status}</dd>
      <dt className="text-slate-600">{t("normalized")}</dt>
      <dd>{data.normalizedOeNumber ?? t("onlyForMatch")}</dd>
      <dt className="text-slate-600">{t("equivalent")}</dt>
      <dd>{data.equivalentOeNumbers.join(", ") || "—"}</dd>
      <dt className="text-slate-600">{t("candidates")}</dt>
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

export async function BasePart({ data }: { data: BasePartResponse }) {
  const formats = await getFormats();
  const t = await getTranslations("parts.results");
  return (
    <div className="space-y-3 text-sm" data-testid="base-part">
      <p>
        <strong>{data.part.name ?? t("unnamed")}</strong> ·{" "}
        {data.part.manufacturer ?? t("noManufacturer")} ·{" "}
        {data.part.listPrice
          ? formats.money(data.part.listPrice.amountMinor, data.part.listPrice.currency)
          : t("noListPrice")}
      </p>
      <p>
        {t("genericArticle", {
          genArt: data.svcGenArt ?? "—",
          vdi: data.vdi.join(", ") || t("noVdi"),
        })}
      </p>
      {data.replacementChain.length ? (
        <p aria-label={t("replacementChain")} data-testid="replacement-chain">
          {t("replacementChainValue", {
            chain: [data.replacementChain[0]!.from, ...data.replacementChain.map((e) => e.to)].join(
              " → ",
            ),
          })}
        </p>
      ) : null}
      <DataTable
        caption={t("fitmentCaption")}
        columns={[t("fitmentColumns.key"), t("fitmentColumns.criteria")]}
        rows={data.fitment}
        keyOf={(f) => f.vehicleTypeKey}
        cells={(f) => [<code key="k">{f.vehicleTypeKey}</code>, f.criteria.join("; ") || "—"]}
        empty={t("noFitment")}
      />
      <DataTable
        caption={t("referencesCaption")}
        columns={[t("referencesColumns.manufacturer"), t("referencesColumns.numbers")]}
        rows={data.references}
        keyOf={(r) => r.manufacturer}
        cells={(r) => [r.manufacturer, r.numbers.join(", ")]}
        empty={t("noReferences")}
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
  const t = useTranslations("parts.results");
  const items = data.aftermarketReferences;
  const pages = Math.max(1, Math.ceil(data.count / REFERENCES_PAGE_SIZE));
  return (
    <div className="space-y-3 text-sm" data-testid="aftermarket-references">
      <p>
        {t.rich("referencesSummary", {
          count: data.count,
          oe: data.oeNumber,
          shown: data.count
            ? t("referencesShown", {
                from: (page - 1) * REFERENCES_PAGE_SIZE + 1,
                to: (page - 1) * REFERENCES_PAGE_SIZE + items.length,
              })
            : "",
          code: (chunks) => <code>{chunks}</code>,
        })}
      </p>
      {data.count === 0 ? (
        <p data-testid="references-retry">
          {normalized ? (
            <a
              className="text-brand-700 underline"
              href={partsHref({ kind: "references", oe: normalized, page: 1 })}
            >
              {t("readNormalized", { normalized })}
            </a>
          ) : (
            <a
              className="text-brand-700 underline"
              href={partsHref({ kind: "lookup", oe, manufacturer: "" })}
            >
              {t("normalizeFirst", { oe })}
            </a>
          )}
        </p>
      ) : null}
      <RecordsTable caption={t("pageCaption")} records={items} />
      <Pagination
        page={Math.min(page, pages)}
        pages={pages}
        label={t("pages")}
        hrefFor={(p) => partsHref({ kind: "references", oe, page: p })}
      />
    </div>
  );
}

type Range = Record<string, unknown>;
const RANGE_LABELS = new Map([
  ["new", "new"],
  ["used", "used"],
] as const);

export async function PriceEvaluation({ data }: { data: z.output<typeof priceResponse> }) {
  const formats = await getFormats();
  const t = await getTranslations("parts.results");
  const ranges = Object.entries(data.ranges ?? {}) as [string, Range | undefined][];
  const rec = data.priceRecommendation as Record<string, unknown>;
  const money = (v: unknown) => (typeof v === "number" ? formats.money(v, data.currency) : "—");
  return (
    <div className="space-y-3 text-sm" data-testid="price-evaluation">
      <p>
        {t.rich("recommendation", {
          condition: typeof rec.condition === "string" ? ` (${rec.condition})` : "",
          amount: money(rec.amountMinor),
          confidence: String(rec.confidence),
          listings:
            data.listingCount !== undefined
              ? t("fromListings", { count: String(data.listingCount) })
              : "",
          vehicleType: data.vehicleType ? ` · ${data.vehicleType}` : "",
          strong: (chunks) => <strong>{chunks}</strong>,
          badge: (chunks) => <Badge>{chunks}</Badge>,
        })}
      </p>
      <DataTable
        caption={t("rangesCaption")}
        columns={[
          t("rangesColumns.condition"),
          t("rangesColumns.low"),
          t("rangesColumns.median"),
          t("rangesColumns.high"),
        ]}
        rows={ranges}
        keyOf={([c]) => c}
        cells={([c, r]) => [
          RANGE_LABELS.has(c as "new") ? t(`ranges.${RANGE_LABELS.get(c as "new")!}`) : c,
          money(r?.lowMinor),
          money(r?.medianMinor),
          money(r?.highMinor),
        ]}
        empty={t("noRanges")}
      />
    </div>
  );
}

/** The limits of each content field, read from the contract rather than restated. */
const contentShape = seoResponse.shape.content.shape;
const CONTENT_FIELDS = ["marketTitle", "title", "h1", "metaTitle", "metaDescription"] as const;
const BULLET_LIMIT = contentShape.bulletPoints.element.maxLength ?? 160;
const BULLET_COUNT = contentShape.bulletPoints.def.checks
  ?.map((c) => c._zod.def as { check: string; maximum?: number })
  .find((d) => d.check === "max_length")?.maximum;

function Length({ value, limit }: { value: string; limit: number | null }) {
  const t = useTranslations("parts.results");
  return (
    <span className="ml-2 text-xs text-slate-500">
      {t("characters", { length: String(value.length), limit: String(limit ?? "∞") })}
    </span>
  );
}

export function MarketplaceArticle({ data }: { data: SeoResponse }) {
  const t = useTranslations("parts.results");
  return (
    <div className="space-y-3 text-sm" data-testid="marketplace-article">
      <p>
        {data.marketplaceId} · {data.language} · {data.vehicleType} · {t("category")}{" "}
        {data.categoryId ?? t("none")} · {data.product.manufacturer ?? t("noManufacturer")}{" "}
        {data.product.name}
        {data.product.nameAddition ? ` (${data.product.nameAddition})` : ""}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {CONTENT_FIELDS.map((key) => (
          <div key={key} className="contents">
            <dt className="text-slate-600">{t(`contentFields.${key}`)}</dt>
            <dd>
              {data.content[key]}
              <Length value={data.content[key]} limit={contentShape[key].maxLength} />
            </dd>
          </div>
        ))}
        <dt className="text-slate-600">{t("slug")}</dt>
        <dd>
          <code>{data.content.slug}</code>
        </dd>
      </dl>
      <div>
        <h3 className="font-medium">
          {t("bullets", {
            count: String(data.content.bulletPoints.length),
            max: BULLET_COUNT === undefined ? t("anyCount") : String(BULLET_COUNT),
          })}
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
      <p>{t("keywords", { keywords: data.keywords.join(", ") || t("none") })}</p>
      <DataTable
        caption={t("specificsCaption")}
        columns={[t("specificsColumns.name"), t("specificsColumns.values")]}
        rows={data.itemSpecifics}
        keyOf={(s) => s.name}
        cells={(s) => [s.name, s.value.join(", ")]}
        empty={t("noSpecifics")}
      />
      {data.liveAvailability ? <LiveAvailability value={data.liveAvailability} hasArticle /> : null}
    </div>
  );
}

/** Paused live enrichment is a documented state of the answer, not an error. */
export async function LiveAvailability({
  value,
  hasArticle,
}: {
  value: Record<string, unknown>;
  /** Whether an article was answered (from content prepared earlier) or none at all. */
  hasArticle: boolean;
}) {
  const formats = await getFormats();
  const t = await getTranslations("parts.results");
  const at = typeof value.availableAt === "string" ? value.availableAt : null;
  const retry = typeof value.retryAfterSeconds === "number" ? value.retryAfterSeconds : null;
  return (
    <div
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2"
      data-testid="live-availability"
    >
      <p className="font-medium">
        {value.status === "paused" ? t("livePaused") : t("liveLimited")}
      </p>
      <p>
        {typeof value.reason === "string" ? <CodedSentence code={value.reason} /> : null}{" "}
        {at
          ? t("backAt", { at: formats.dateTime(at) })
          : retry !== null
            ? t("retryIn", { seconds: String(retry) })
            : t("noTime")}{" "}
        {hasArticle ? t("preparedEarlier") : t("noArticle")}
      </p>
    </div>
  );
}
