import { AddressForm } from "@/components/ui/address-form";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type SearchPageProps, type SearchParams } from "@/lib/list-params";
import { OutcomeCard } from "@/components/operations/outcome-card";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { DataTable } from "@/components/ui/table";
import { vdiBaseCode } from "@/lib/api/contract/common";
import { requirePageSession } from "@/lib/auth/guards";
import { attempt, fieldError } from "@/lib/operations/outcome";
import { findVdiCode } from "./_lib/find-vdi-code";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("catalogue"))("title") };
}

const PAGE_SIZE = 50;
const text = (s: SearchParams, k: string) => (typeof s[k] === "string" ? s[k].trim() : "");

/** Browse the VDI 4081 catalogue (paged on the service), find one code, translate one designation. */
export default async function CataloguePage({ searchParams }: SearchPageProps) {
  const { session, api } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/catalogue");
  if (notOffered) return notOffered;
  const t = await getTranslations("catalogue");
  const search = await searchParams;
  const view = text(search, "view");
  const pageNumber = Math.max(1, Math.trunc(Number(text(search, "page"))) || 1);
  const code = text(search, "code").toUpperCase();
  const codeProblem =
    view === "find" && !vdiBaseCode.safeParse(code).success ? t("codeProblem") : undefined;
  const sourceLanguage = text(search, "sourceLanguage");
  const designation = typeof search.text === "string" ? search.text : "";

  const [browse, found, translation] = await Promise.all([
    view === "browse"
      ? attempt("getVdiCatalog", () =>
          api.getVdiCatalog({ query: { limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE } }),
        )
      : null,
    view === "find" && !codeProblem ? findVdiCode(api, code) : null,
    view === "translate"
      ? attempt("translatePartName", () =>
          api.translatePartName({ query: { sourceLanguage, text: designation } }),
        )
      : null,
  ]);

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("card")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <AddressForm action="/catalogue" label={t("browse")} keep={{ view: "browse" }}>
              <p className="mb-3 text-sm text-slate-600">{t("perPage", { size: PAGE_SIZE })}</p>
              <Button type="submit" variant="secondary">
                {t("browse")}
              </Button>
            </AddressForm>
            <AddressForm action="/catalogue" label={t("find")} keep={{ view: "find" }} layout="row">
              <TextField
                name="code"
                label={t("code")}
                defaultValue={typeof search.code === "string" ? search.code : ""}
                error={codeProblem}
                autoComplete="off"
                wrapperClassName="min-w-56"
              />
              <Button type="submit" variant="secondary">
                {t("findSubmit")}
              </Button>
            </AddressForm>
          </div>
        </Card>
        <OutcomeCard title={t("entries")} outcome={browse}>
          {(data) => (
            <div className="space-y-3 text-sm" data-testid="vdi-catalogue">
              <p>
                {t("summary", {
                  stand: data.stand,
                  count: String(data.count),
                  groups: String(data.mainGroups.length),
                  page: String(pageNumber),
                })}
              </p>
              <DataTable
                caption={t("entriesCaption")}
                columns={[t("columns.code"), t("columns.mainGroup"), t("columns.name")]}
                rows={data.entries}
                keyOf={(e) => e.code}
                cells={(e) => [
                  <code key="c">{e.code}</code>,
                  String(e.mainGroup ?? "—"),
                  String(e.name ?? "—"),
                ]}
                empty={t("noEntries")}
              />
              <Pagination
                page={pageNumber}
                pages={Math.max(1, Math.ceil(data.count / PAGE_SIZE))}
                label={t("pages")}
                hrefFor={(p) => `/catalogue?view=browse&page=${p}`}
              />
            </div>
          )}
        </OutcomeCard>
        <OutcomeCard title={t("lookup")} outcome={found}>
          {(data) => (
            <div className="text-sm" data-testid="vdi-found">
              {data.entry ? (
                <p>
                  {t.rich("found", {
                    vdi: data.entry.code,
                    name: String(data.entry.name ?? t("noName")),
                    mainGroup: String(data.entry.mainGroup ?? "—"),
                    stand: data.stand,
                    code: (chunks) => <code>{chunks}</code>,
                  })}
                </p>
              ) : (
                <p>
                  {t.rich("notFound", {
                    vdi: code,
                    incomplete: data.complete ? "no" : "yes",
                    code: (chunks) => <code>{chunks}</code>,
                  })}
                </p>
              )}
              <p className="text-slate-600">{t("pagesRead", { calls: data.calls })}</p>
            </div>
          )}
        </OutcomeCard>
        <Card title={t("translateCard")}>
          <AddressForm
            action="/catalogue"
            label={t("translateCard")}
            keep={{ view: "translate" }}
            layout="grid"
          >
            <TextField
              name="sourceLanguage"
              label={t("sourceLanguage")}
              defaultValue={sourceLanguage || "de"}
              error={fieldError(translation, "sourceLanguage")}
              hint={t("sourceLanguageHint")}
              autoComplete="off"
            />
            <TextField
              name="text"
              label={t("designation")}
              defaultValue={designation}
              error={fieldError(translation, "text")}
              hint={t("designationHint")}
              autoComplete="off"
            />
            <Button type="submit" variant="secondary">
              {t("translate")}
            </Button>
          </AddressForm>
        </Card>
        <OutcomeCard title={t("translation")} outcome={translation}>
          {(data) => (
            <dl
              className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
              data-testid="translation"
            >
              {/* eslint-disable-next-line i18next/no-literal-string -- the interface's language codes */}
              {(["en", "fr", "es", "it"] as const).map((l) => (
                <div key={l} className="contents">
                  <dt className="text-slate-600">{l}</dt>
                  <dd lang={l}>{data[l]}</dd>
                </div>
              ))}
            </dl>
          )}
        </OutcomeCard>
      </div>
    </>
  );
}
