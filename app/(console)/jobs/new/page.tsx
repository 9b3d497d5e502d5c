import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/card";
import { RefusedAction } from "@/components/ui/refused-action";
import { requirePageSession } from "@/lib/auth/guards";
import { roleRefusal } from "@/lib/auth/rights";
import { isOrderJobFamily, ORDER_JOB_FAMILIES } from "@/lib/api/contract/operations";
import { JOB_LABELS, orderOperationOf } from "@/app/(console)/jobs/_lib/job-families";
import {
  CartCheckForm,
  EconomicEvaluationForm,
  ImageGenerationForm,
  PartsLookupForm,
} from "@/app/(console)/jobs/_components/order-forms";

export const metadata: Metadata = { title: "Start a job" };

export default async function NewJobPage({
  searchParams,
}: {
  searchParams: Promise<{ kind?: string; vin?: string }>;
}) {
  const { session } = await requirePageSession();
  const { kind: raw, vin: rawVin } = await searchParams;
  const kind = typeof raw === "string" && isOrderJobFamily(raw) ? raw : "vin_parts";
  const vin = typeof rawVin === "string" ? rawVin.slice(0, 17) : "";
  // A kind the person's role may not order is shown, disabled, with the roles that could.
  const refusal = roleRefusal(session, orderOperationOf(kind));
  return (
    <>
      <PageHeader
        title="Start a job"
        description="Some work answers at once; the rest is accepted as a job that this console follows until it ends."
      />
      <nav aria-label="Kinds of job" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {ORDER_JOB_FAMILIES.map((k) => (
            <li key={k}>
              <Link
                href={`/jobs/new?kind=${k}${vin ? `&vin=${encodeURIComponent(vin)}` : ""}`}
                aria-current={k === kind ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm ${k === kind ? "bg-brand-600 text-white" : "border border-slate-300 bg-white"}`}
              >
                {JOB_LABELS[k]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Card title={JOB_LABELS[kind]}>
        {refusal ? <RefusedAction label="Start the job" refusal={refusal} /> : null}
        {refusal ? null : kind === "vin_parts" ? <PartsLookupForm vin={vin} /> : null}
        {refusal ? null : kind === "cart_check" ? <CartCheckForm vin={vin} /> : null}
        {refusal ? null : kind === "economic_evaluation" ? (
          <EconomicEvaluationForm vin={vin} />
        ) : null}
        {refusal ? null : kind === "part_image" ? <ImageGenerationForm /> : null}
      </Card>
    </>
  );
}
