import { AddressForm } from "@/components/ui/address-form";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type SearchPageProps } from "@/lib/list-params";
import { DERIVED_DATA_CAVEAT, OutcomeCard } from "@/components/operations/outcome-card";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { type ServiceApi } from "@/lib/api/client";
import { type NormalizationResponse } from "@/lib/api/contract/parts";
import { requirePageSession } from "@/lib/auth/guards";
import { attempt, type Outcome } from "@/lib/operations/outcome";
import { FurtherReads } from "./_components/part-forms";
import {
  AftermarketReferences,
  BasePart,
  LiveAvailability,
  ManufacturerChoice,
  MarketplaceArticle,
  Normalization,
  PriceEvaluation,
} from "./_components/part-results";
import { type PartsView, partsViewOf, REFERENCES_PAGE_SIZE } from "./_lib/parts-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("parts"))("title") };
}

/** The calls one view makes; nothing else is billed. */
async function read(api: ServiceApi, view: PartsView) {
  switch (view.kind) {
    case "none":
      return {};
    case "lookup": {
      const query = view.manufacturer ? { manufacturer: view.manufacturer } : {};
      const [normalized, base] = await Promise.all([
        attempt("normalizeOeNumber", () =>
          api.normalizeOeNumber({ query: { oeNumber: view.oe, ...query } }),
        ),
        attempt("getOePart", () => api.getOePart({ params: { oeNumber: view.oe }, query })),
      ]);
      return { normalized, base };
    }
    case "references":
      return {
        references: await attempt("getOeAftermarketReferences", () =>
          api.getOeAftermarketReferences({
            params: { oeNumber: view.oe },
            query: { limit: REFERENCES_PAGE_SIZE, offset: (view.page - 1) * REFERENCES_PAGE_SIZE },
          }),
        ),
      };
    case "price":
      return {
        price: await attempt("getOePrice", () =>
          api.getOePrice({
            params: { oeNumber: view.oe },
            query: {
              condition: view.condition as "used",
              currency: view.currency as "EUR",
              vehicleType: view.vehicleType as "car",
            },
          }),
        ),
      };
    case "article":
      return {
        article: await attempt("getPartSeo", () =>
          api.getPartSeo({
            params: { oeNumber: view.oe },
            query: {
              marketplaceId: view.marketplaceId as "MARKET_DE",
              ...(view.language ? { language: view.language as "de" } : {}),
              vehicleType: view.vehicleType as "car",
            },
          }),
        ),
      };
  }
}

/** The normalised number a lookup found, when it differs from the number as typed. */
function normalizedOf(outcome: Outcome<NormalizationResponse> | undefined, oe: string) {
  const found = outcome?.ok ? outcome.data.normalizedOeNumber : null;
  return found && found !== oe ? found : undefined;
}

/** Every field message the outcomes of this view carry, by field name. */
function errorsOf(...outcomes: (Outcome<unknown> | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of outcomes) if (o && !o.ok) Object.assign(out, o.fieldErrors);
  return out;
}

/**
 * The OE part desk: normalise a number, read its confirmed base part, its aftermarket references
 * (paged), an indicative price and a marketplace article; each call with its receipt.
 */
export default async function PartsPage({ searchParams }: SearchPageProps) {
  const { session, api } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/parts");
  if (notOffered) return notOffered;
  const view = partsViewOf(await searchParams);
  const results = await read(api, view);
  const errors = errorsOf(...Object.values(results));
  const oe = view.kind === "none" ? "" : view.oe;
  const t = await getTranslations("parts");
  const tOps = await getTranslations("operations");
  const derivedCaveat = tOps(DERIVED_DATA_CAVEAT);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("lookup.title")}>
          <AddressForm
            action="/parts"
            label={t("lookup.title")}
            className="grid gap-4 sm:grid-cols-3"
          >
            <TextField
              name="oe"
              label={t("lookup.oe")}
              defaultValue={oe}
              required
              autoComplete="off"
              error={errors.oeNumber}
            />
            <TextField
              name="manufacturer"
              label={t("lookup.manufacturer")}
              defaultValue={view.kind === "lookup" ? view.manufacturer : ""}
              autoComplete="off"
              error={errors.manufacturer}
            />
            <div className="flex items-end">
              <Button type="submit">{t("lookup.submit")}</Button>
            </div>
          </AddressForm>
        </Card>
        <OutcomeCard title={t("cards.normalization")} outcome={results.normalized}>
          {(data) => <Normalization data={data} />}
        </OutcomeCard>
        <OutcomeCard
          title={t("cards.base")}
          outcome={results.base}
          caveat={derivedCaveat}
          refusal={(refused) =>
            refused.code === "oe_number_ambiguous" ? (
              <ManufacturerChoice oe={oe} candidates={refused.details.candidates} />
            ) : null
          }
        >
          {(data) => <BasePart data={data} />}
        </OutcomeCard>
        {results.references && view.kind === "references" ? (
          <OutcomeCard
            title={t("cards.references")}
            outcome={results.references}
            caveat={derivedCaveat}
          >
            {(data) => (
              <AftermarketReferences
                data={data}
                oe={view.oe}
                page={view.page}
                normalized={view.normalized}
              />
            )}
          </OutcomeCard>
        ) : null}
        <OutcomeCard
          title={t("cards.price")}
          outcome={results.price}
          caveat={t("cards.priceCaveat")}
        >
          {(data) => <PriceEvaluation data={data} />}
        </OutcomeCard>
        {results.article ? (
          <>
            <OutcomeCard
              title={t("cards.article")}
              outcome={results.article}
              caveat={t("cards.articleCaveat")}
            >
              {(data) => <MarketplaceArticle data={data} />}
            </OutcomeCard>
            {!results.article.ok && results.article.details.liveAvailability ? (
              <LiveAvailability
                value={results.article.details.liveAvailability as Record<string, unknown>}
                hasArticle={false}
              />
            ) : null}
          </>
        ) : null}
        {oe ? (
          <Card title={t("cards.more", { oe })}>
            <FurtherReads
              oe={oe}
              view={view}
              errors={errors}
              normalized={normalizedOf(results.normalized, oe)}
            />
          </Card>
        ) : null}
      </div>
    </>
  );
}
