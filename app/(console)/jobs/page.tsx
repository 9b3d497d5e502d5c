import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { FilterForm } from "@/components/ui/filter-form";
import { SelectField } from "@/components/ui/field";
import { CursorPagination, shownCount } from "@/components/ui/cursor-pagination";
import { DataTable } from "@/components/ui/table";
import { RefusedAction } from "@/components/ui/refused-action";
import { requirePageSession } from "@/lib/auth/guards";
import { mayCall, roleRefusal } from "@/lib/auth/rights";
import { formatDateTime } from "@/lib/format";
import { listHref, readListParams, type SearchPageProps } from "@/lib/list-params";
import { JOB_FAMILIES, ORDER_JOB_FAMILIES } from "@/lib/api/contract/operations";
import { JOB_LABELS, orderOperationOf } from "./_lib/job-families";
import { listJobs, refreshDueJobs } from "./_lib/job-store";
import {
  JOB_STATUS_FILTER_LABELS,
  JOB_STATUS_FILTERS,
  JOBS_LIST_DEFAULTS,
  jobsListParams,
} from "./_lib/jobs-list";
import { LiveJobStatus } from "./_components/live-job-status";

export const metadata: Metadata = { title: "Jobs" };

export default async function JobsPage({ searchParams }: SearchPageProps) {
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
    : roleRefusal(session, orders[0]!);
  const href = (changes: Record<string, string | number>) =>
    listHref("/jobs", params, changes, JOBS_LIST_DEFAULTS);
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Work started from this console (the service has no list of jobs, so the console keeps one). Unfinished jobs are followed live at the pace the service asks for."
        actions={
          startRefusal ? (
            <RefusedAction label="Start a job" refusal={startRefusal} />
          ) : (
            <ButtonLink href="/jobs/new">Start a job</ButtonLink>
          )
        }
      />
      <Card>
        <FilterForm
          keep={{ sort: params.sort }}
          action="/jobs"
          defaults={JOBS_LIST_DEFAULTS}
          label="Filter jobs"
        >
          <SelectField
            choices={JOB_FAMILIES.map((f) => [f, JOB_LABELS[f]] as const)}
            label="Kind"
            name="kind"
            defaultValue={params.kind}
          >
            <option value="all">All kinds</option>
          </SelectField>
          <SelectField
            choices={JOB_STATUS_FILTERS.map((s) => [s, JOB_STATUS_FILTER_LABELS[s]] as const)}
            label="Status"
            name="status"
            defaultValue={params.status}
          />
        </FilterForm>
        <p className="mb-2 text-sm text-slate-600" data-testid="job-count">
          {shownCount(jobs.length, listed, ["job", "jobs"])}
        </p>
        <DataTable
          caption="Jobs started from this console"
          columns={[
            {
              label: "Started",
              sort: params.sort === "newest" ? "descending" : "ascending",
              sortHref: href({
                sort: params.sort === "newest" ? "oldest" : "newest",
                next: "",
                prev: "",
              }),
            },
            "Kind",
            "Subject",
            "Status",
          ]}
          rows={jobs}
          keyOf={(j) => j.id}
          rowTestId="job-row"
          empty={
            !listed.previous && params.kind === "all" && params.status === "all"
              ? "No job was started from this console yet."
              : "No job matches these filters."
          }
          cells={(j) => [
            <Link key="at" className="text-brand-700 underline" href={`/jobs/${j.id}`}>
              {formatDateTime(j.createdAt)}
            </Link>,
            JOB_LABELS[j.family],
            <code key="subject">{String(j.input.vin ?? j.input.oeNumber ?? "")}</code>,
            <LiveJobStatus key="status" initial={j} />,
          ]}
        />
        <CursorPagination
          previous={listed.previous}
          next={listed.next}
          hrefFor={(place) => href({ next: "", prev: "", ...place })}
          label="Pages of jobs"
        />
      </Card>
    </>
  );
}
