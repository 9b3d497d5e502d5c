import { AddressForm } from "@/components/ui/address-form";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import type { Metadata } from "next";
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

export const metadata: Metadata = { title: "VDI catalogue and translation" };

const PAGE_SIZE = 50;
const text = (s: SearchParams, k: string) => (typeof s[k] === "string" ? s[k].trim() : "");

/** Browse the VDI 4081 catalogue (paged on the service), find one code, translate one designation. */
export default async function CataloguePage({ searchParams }: SearchPageProps) {
  const { session, api } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/catalogue");
  if (notOffered) return notOffered;
  const search = await searchParams;
  const view = text(search, "view");
  const pageNumber = Math.max(1, Math.trunc(Number(text(search, "page"))) || 1);
  const code = text(search, "code").toUpperCase();
  const codeProblem =
    view === "find" && !vdiBaseCode.safeParse(code).success
      ? "Enter a base code such as VDI4081_120 (VDI4081_ and digits)."
      : undefined;
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
      <PageHeader
        title="VDI catalogue and translation"
        description="The VDI 4081 catalogue of part groups (no OE assignments) and the translation of one part designation. Each read is a billed call with its receipt."
      />
      <div className="space-y-6">
        <Card title="VDI 4081 catalogue">
          <div className="grid gap-4 sm:grid-cols-2">
            <AddressForm action="/catalogue" label="Browse the catalogue" keep={{ view: "browse" }}>
              <p className="mb-3 text-sm text-slate-600">
                {PAGE_SIZE} entries per page, paged on the service.
              </p>
              <Button type="submit" variant="secondary">
                Browse the catalogue
              </Button>
            </AddressForm>
            <AddressForm
              action="/catalogue"
              label="Find a code"
              keep={{ view: "find" }}
              layout="row"
            >
              <TextField
                name="code"
                label="VDI base code"
                defaultValue={typeof search.code === "string" ? search.code : ""}
                error={codeProblem}
                autoComplete="off"
                wrapperClassName="min-w-56"
              />
              <Button type="submit" variant="secondary">
                Find
              </Button>
            </AddressForm>
          </div>
        </Card>
        <OutcomeCard title="Catalogue entries" outcome={browse}>
          {(data) => (
            <div className="space-y-3 text-sm" data-testid="vdi-catalogue">
              <p>
                Stand {data.stand} · {data.count} entries in {data.mainGroups.length} main groups ·
                page {pageNumber}
              </p>
              <DataTable
                caption="VDI entries"
                columns={["Code", "Main group", "Name"]}
                rows={data.entries}
                keyOf={(e) => e.code}
                cells={(e) => [
                  <code key="c">{e.code}</code>,
                  String(e.mainGroup ?? "—"),
                  String(e.name ?? "—"),
                ]}
                empty="No entries on this page."
              />
              <Pagination
                page={pageNumber}
                pages={Math.max(1, Math.ceil(data.count / PAGE_SIZE))}
                label="Catalogue pages"
                hrefFor={(p) => `/catalogue?view=browse&page=${p}`}
              />
            </div>
          )}
        </OutcomeCard>
        <OutcomeCard title="Code look-up" outcome={found}>
          {(data) => (
            <div className="text-sm" data-testid="vdi-found">
              {data.entry ? (
                <p>
                  <code>{data.entry.code}</code>: {String(data.entry.name ?? "no name")} (main group{" "}
                  {String(data.entry.mainGroup ?? "—")}), stand {data.stand}.
                </p>
              ) : (
                <p>
                  <code>{code}</code> is not in the catalogue
                  {data.complete ? "" : " pages read so far (the search stopped at its bound)"}.
                </p>
              )}
              <p className="text-slate-600">
                Read {data.calls} page{data.calls === 1 ? "" : "s"} of up to 500 entries; the
                receipt is the last page&apos;s.
              </p>
            </div>
          )}
        </OutcomeCard>
        <Card title="Translate a part designation">
          <AddressForm
            action="/catalogue"
            label="Translate a part designation"
            keep={{ view: "translate" }}
            layout="grid"
          >
            <TextField
              name="sourceLanguage"
              label="Source language"
              defaultValue={sourceLanguage || "de"}
              error={fieldError(translation, "sourceLanguage")}
              hint="For example de, fr or en-GB."
              autoComplete="off"
            />
            <TextField
              name="text"
              label="Part designation"
              defaultValue={designation}
              error={fieldError(translation, "text")}
              hint="Exactly one designation, not a title, sentence or list."
              autoComplete="off"
            />
            <Button type="submit" variant="secondary">
              Translate
            </Button>
          </AddressForm>
        </Card>
        <OutcomeCard title="Translation" outcome={translation}>
          {(data) => (
            <dl
              className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
              data-testid="translation"
            >
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
