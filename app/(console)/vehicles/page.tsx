import { AddressForm } from "@/components/ui/address-form";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type SearchPageProps } from "@/lib/list-params";
import { Link } from "@/components/ui/link";
import { OutcomeCard } from "@/components/operations/outcome-card";
import { VehicleRecalls } from "@/components/operations/recall-results";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { VinForm } from "@/components/operations/vin-form";
import { requirePageSession } from "@/lib/auth/guards";
import { attempt, fieldError } from "@/lib/operations/outcome";
import { jobsForVin, refreshDueJobs } from "@/app/(console)/jobs/_lib/job-store";
import { ListingForm } from "./_components/listing-form";
import { TechnicalRecord, VinVehicleRecord } from "./_components/vehicle-record";
import { VehicleWork } from "./_components/vehicle-work";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("vehicles"))("title") };
}

/**
 * One vehicle, from a VIN or an `svcId`: its record, recalls, the orders for it (parts, cart
 * check, economic evaluation) followed in place, and listing text for its vehicle type.
 */
export default async function VehiclesPage({ searchParams }: SearchPageProps) {
  const { api, session, readJobStatus } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/vehicles");
  if (notOffered) return notOffered;
  const t = await getTranslations("vehicles");
  const caveat = t("caveat");
  const search = await searchParams;
  const vin = typeof search.vin === "string" ? search.vin.trim().toUpperCase() : "";
  const svcIdAsked = typeof search.svcId === "string" ? search.svcId.trim() : "";

  const [record, recalls, technical] = await Promise.all([
    vin ? attempt("getVehicleByVin", () => api.getVehicleByVin({ params: { vin } })) : null,
    vin ? attempt("matchVehicleRecalls", () => api.matchVehicleRecalls({ params: { vin } })) : null,
    !vin && svcIdAsked
      ? attempt("getVehicleByTapiId", () =>
          api.getVehicleByTapiId({ params: { svcId: svcIdAsked } }),
        )
      : null,
  ]);
  const svcId = record?.ok ? (record.data.svcId ?? "") : technical?.ok ? technical.data.svcId : "";
  // A VIN the service refused as input is said next to the field, once, not in each result.
  const vinError = fieldError(record, "vin") ?? fieldError(recalls, "vin");
  const vinAccepted = record?.ok === true;
  const jobs =
    vin && vinAccepted
      ? await refreshDueJobs(
          readJobStatus,
          session.organizationId,
          await jobsForVin(session.organizationId, vin),
        )
      : [];

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("open.title")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <VinForm
              action="/vehicles"
              label={t("open.byVin")}
              submitLabel={t("open.submit")}
              asked={search.vin}
              error={vinError}
              primary
            />
            <AddressForm action="/vehicles" label={t("open.bySvcId")} layout="row">
              <TextField
                name="svcId"
                label="svcId"
                defaultValue={svcIdAsked}
                error={fieldError(technical, "svcId")}
                autoComplete="off"
                spellCheck={false}
                wrapperClassName="min-w-64"
              />
              <Button type="submit" variant="secondary">
                {t("open.submit")}
              </Button>
            </AddressForm>
          </div>
          <p className="mt-3 text-sm text-slate-600">
            {t.rich("open.noVin", {
              vin: (chunks) => (
                <Link className="text-brand-700 underline" href="/vin">
                  {chunks}
                </Link>
              ),
              intake: (chunks) => (
                <Link className="text-brand-700 underline" href="/vehicles/intake">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </Card>
        {record && !vinError ? (
          <OutcomeCard title={t("cards.record")} outcome={record} caveat={caveat}>
            {(data) => <VinVehicleRecord data={data} />}
          </OutcomeCard>
        ) : null}
        <OutcomeCard title={t("cards.technical")} outcome={technical} caveat={caveat}>
          {(data) => <TechnicalRecord data={data} />}
        </OutcomeCard>
        {recalls && !vinError ? (
          <OutcomeCard title={t("cards.recalls")} outcome={recalls}>
            {(data) => <VehicleRecalls data={data} />}
          </OutcomeCard>
        ) : null}
        {vin && vinAccepted ? (
          <Card title={t("cards.work")}>
            <VehicleWork vin={vin} jobs={jobs} />
          </Card>
        ) : null}
        {svcId ? (
          <Card title={t("cards.listing")}>
            <ListingForm svcId={svcId} />
          </Card>
        ) : null}
      </div>
    </>
  );
}
