import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { FilterForm } from "@/components/ui/filter-form";
import { SelectField } from "@/components/ui/field";
import { CursorPagination, shownCount } from "@/components/ui/cursor-pagination";
import { DataTable } from "@/components/ui/table";
import { RefusedAction } from "@/components/ui/refused-action";
import { requirePageSession } from "@/lib/auth/guards";
import { mayCall } from "@/lib/auth/rights";
import { roleRefusalIn } from "@/lib/auth/refusal-words";
import { listHref, readListParams, type SearchPageProps } from "@/lib/list-params";
import { JOB_FAMILIES, ORDER_JOB_FAMILIES } from "@/lib/api/contract/operations";
import { orderOperationOf } from "./_lib/job-families";
import { listJobs, refreshDueJobs } from "./_lib/job-store";
import { JOB_STATUS_FILTERS, JOBS_LIST_DEFAULTS, jobsListParams } from "./_lib/jobs-list";
import { LiveJobStatus } from "./_components/live-job-status";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("jobs.list"))("title") };
}

export default async function JobsPage({ searchParams }: SearchPageProps) {
  const formats = await getFormats();
  const { session, readJobStatus } = await requirePageSession();
  const params = readListParams(jobsListParams, await searchParams);
  const listed = await listJobs(session.organizationId, params);
  // Statuses are read from the service before the list renders, then followed in the browser.
  const jobs = await refreshDueJobs(readJobStatus, session.organizationId, listed.jobs);
  // A role that may order no kind of job is not offered to start one (the first kind's refusal
  // names the roles that could).
  const orders = ORDER_JOB_FAMILIES.map(orderOperationOf);
  const startRefusal = orders.some((op) => mayCall(session, op))
    ? undefined
    : await roleRefusalIn(session, orders[0]!);
  const t = await getTranslations("jobs");
  const href = (changes: Record<string, string | number>) =>
    listHref("/jobs", params, changes, JOBS_LIST_DEFAULTS);
  return (
    <>
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={
          startRefusal ? (
            <RefusedAction label={t("list.start")} refusal={startRefusal} />
          ) : (
            <ButtonLink href="/jobs/new">{t("list.start")}</ButtonLink>
          )
        }
      />
      <Card>
        <FilterForm
          keep={{ sort: params.sort }}
          action="/jobs"
          defaults={JOBS_LIST_DEFAULTS}
          label={t("list.filter")}
        >
          <SelectField
            choices={JOB_FAMILIES.map((f) => [f, t(`families.${f}`)] as const)}
            label={t("list.kind")}
            name="kind"
            defaultValue={params.kind}
          >
            <option value="all">{t("list.allKinds")}</option>
          </SelectField>
          <SelectField
            choices={JOB_STATUS_FILTERS.map((s) => [s, t(`statusFilters.${s}`)] as const)}
            label={t("list.status")}
            name="status"
            defaultValue={params.status}
          />
        </FilterForm>
        <p className="mb-2 text-sm text-slate-600" data-testid="job-count">
          {await shownCount(jobs.length, listed, [t("list.one"), t("list.many")])}
        </p>
        <DataTable
          caption={t("list.caption")}
          columns={[
            {
              label: t("list.columns.started"),
              sort: params.sort === "newest" ? "descending" : "ascending",
              sortHref: href({
                sort: params.sort === "newest" ? "oldest" : "newest",
                next: "",
                prev: "",
              }),
            },
            t("list.columns.kind"),
            t("list.columns.subject"),
            t("list.columns.status"),
          ]}
          rows={jobs}
          keyOf={(j) => j.id}
          rowTestId="job-row"
          empty={
            !listed.previous && params.kind === "all" && params.status === "all"
              ? t("list.emptyNone")
              : t("list.emptyFiltered")
          }
          cells={(j) => [
            <Link key="at" className="text-brand-700 underline" href={`/jobs/${j.id}`}>
              {formats.dateTime(j.createdAt)}
            </Link>,
            t(`families.${j.family}`),
            <code key="subject">{String(j.input.vin ?? j.input.oeNumber ?? "")}</code>,
            <LiveJobStatus key="status" initial={j} />,
          ]}
        />
        <CursorPagination
          previous={listed.previous}
          next={listed.next}
          hrefFor={(place) => href({ next: "", prev: "", ...place })}
          label={t("list.pages")}
        />
      </Card>
    </>
  );
}
