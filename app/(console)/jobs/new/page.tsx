import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/card";
import { RefusedAction } from "@/components/ui/refused-action";
import { requirePageSession } from "@/lib/auth/guards";
import { roleRefusalIn } from "@/lib/auth/refusal-words";
import { isOrderJobFamily, ORDER_JOB_FAMILIES } from "@/lib/api/contract/operations";
import { orderOperationOf } from "@/app/(console)/jobs/_lib/job-families";
import {
  CartCheckForm,
  EconomicEvaluationForm,
  ImageGenerationForm,
  PartsLookupForm,
} from "@/app/(console)/jobs/_components/order-forms";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("jobs.new"))("title") };
}

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
  const refusal = await roleRefusalIn(session, orderOperationOf(kind));
  const t = await getTranslations("jobs");
  return (
    <>
      <PageHeader title={t("new.title")} description={t("new.description")} />
      <nav aria-label={t("new.kinds")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {ORDER_JOB_FAMILIES.map((k) => (
            <li key={k}>
              <Link
                href={`/jobs/new?kind=${k}${vin ? `&vin=${encodeURIComponent(vin)}` : ""}`}
                aria-current={k === kind ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm ${k === kind ? "bg-brand-600 text-white" : "border border-slate-300 bg-white"}`}
              >
                {t(`families.${k}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Card title={t(`families.${kind}`)}>
        {refusal ? <RefusedAction label={t("new.startRefused")} refusal={refusal} /> : null}
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
