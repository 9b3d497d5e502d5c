"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { JobView } from "@/app/(console)/jobs/_components/job-view";
import {
  CartCheckForm,
  EconomicEvaluationForm,
  PartsLookupForm,
} from "@/app/(console)/jobs/_components/order-forms";
import { JOB_LABELS, type TrackedJob as Job } from "@/app/(console)/jobs/_lib/job-families";

const ORDERS = [
  { kind: "vin_parts", label: "Parts" },
  { kind: "cart_check", label: "Cart check" },
  { kind: "economic_evaluation", label: "Economic evaluation" },
] as const;
type Kind = (typeof ORDERS)[number]["kind"];

/**
 * The work for one VIN: order parts, a cart check or an economic evaluation here; each order
 * joins the list below and is followed live until it is final, on this page.
 */
export function VehicleWork({ vin, jobs }: { vin: string; jobs: Job[] }) {
  const router = useRouter();
  const [kind, setKind] = useState<Kind>("vin_parts");
  const started = () => router.refresh();
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Order</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {ORDERS.map((o) => (
            <label key={o.kind} className="flex items-center gap-2">
              <input
                type="radio"
                name="vehicle-order"
                value={o.kind}
                checked={kind === o.kind}
                onChange={() => setKind(o.kind)}
              />
              {o.label}
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
          Orders for this VIN ({jobs.length ? `latest ${jobs.length}` : "none yet"})
        </h3>
        {jobs.map((job) => (
          <article
            key={job.id}
            aria-label={`${JOB_LABELS[job.family]} ${job.id.slice(0, 8)}`}
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
