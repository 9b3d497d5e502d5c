"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { JobView } from "@/app/(console)/jobs/_components/job-view";
import {
  CartCheckForm,
  EconomicEvaluationForm,
  PartsLookupForm,
} from "@/app/(console)/jobs/_components/order-forms";
import { type TrackedJob as Job } from "@/app/(console)/jobs/_lib/job-families";

const ORDERS = ["vin_parts", "cart_check", "economic_evaluation"] as const;
type Kind = (typeof ORDERS)[number];

/**
 * The work for one VIN: order parts, a cart check or an economic evaluation here; each order
 * joins the list below and is followed live until it is final, on this page.
 */
export function VehicleWork({ vin, jobs }: { vin: string; jobs: Job[] }) {
  const t = useTranslations("vehicles.work");
  const families = useTranslations("jobs.families");
  const router = useRouter();
  const [kind, setKind] = useState<Kind>("vin_parts");
  const started = () => router.refresh();
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t("order")}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {ORDERS.map((o) => (
            <label key={o} className="flex items-center gap-2">
              <input
                type="radio"
                name="vehicle-order"
                value={o}
                checked={kind === o}
                onChange={() => setKind(o)}
              />
              {t(`orders.${o}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "vin_parts" ? <PartsLookupForm vin={vin} onStarted={started} /> : null}
      {kind === "cart_check" ? <CartCheckForm vin={vin} onStarted={started} /> : null}
      {kind === "economic_evaluation" ? (
        <EconomicEvaluationForm vin={vin} onStarted={started} />
      ) : null}
      <section aria-labelledby="vehicle-jobs" className="space-y-4">
        <h3 id="vehicle-jobs" className="font-medium">
          {t("jobsHeading", { count: jobs.length })}
        </h3>
        {jobs.map((job) => (
          <article
            key={job.id}
            aria-label={`${families(job.family)} ${job.id.slice(0, 8)}`}
            className="rounded-md border border-slate-200 p-3"
            data-testid="vehicle-job"
          >
            <JobView initial={job} />
          </article>
        ))}
      </section>
    </div>
  );
}
