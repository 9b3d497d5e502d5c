import { AddressForm } from "@/components/ui/address-form";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type SearchPageProps } from "@/lib/list-params";
import { OutcomeCard } from "@/components/operations/outcome-card";
import { PartRecalls, VehicleRecalls } from "@/components/operations/recall-results";
import { Card, PageHeader } from "@/components/ui/card";
import { TextAreaField } from "@/components/ui/field";
import { VinForm } from "@/components/operations/vin-form";
import { Button } from "@/components/ui/button";
import { requirePageSession } from "@/lib/auth/guards";
import { attempt, fieldError } from "@/lib/operations/outcome";
import { positionsOf } from "./_lib/positions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("recalls"))("title") };
}

/** Recall matching for a vehicle (series level) and for parts (per position). */
export default async function RecallsPage({ searchParams }: SearchPageProps) {
  const { session, api } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/recalls");
  if (notOffered) return notOffered;
  const t = await getTranslations("recalls");
  const search = await searchParams;
  const vin = typeof search.vin === "string" ? search.vin.trim().toUpperCase() : "";
  const positionsText = typeof search.positions === "string" ? search.positions : null;
  const positions = positionsText === null ? [] : positionsOf(positionsText);
  // An empty list is refused here, in a sentence, before anything is sent or billed.
  const positionsError =
    positionsText !== null && positions.length === 0 ? t("positionsEmpty") : undefined;
  const [vehicle, parts] = await Promise.all([
    vin ? attempt("matchVehicleRecalls", () => api.matchVehicleRecalls({ params: { vin } })) : null,
    positionsText !== null && !positionsError
      ? attempt("matchPartRecalls", () => api.matchPartRecalls({ body: { positions } }))
      : null,
  ]);
  const vinError = fieldError(vehicle, "vin");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("vehicle")}>
          <VinForm
            action="/recalls"
            label={t("vehicle")}
            submitLabel={t("vehicleSubmit")}
            asked={search.vin}
            error={vinError}
          />
        </Card>
        {vehicle && !vinError ? (
          <OutcomeCard title={t("vehicleMatch")} outcome={vehicle}>
            {(data) => <VehicleRecalls data={data} />}
          </OutcomeCard>
        ) : null}
        <Card title={t("parts")}>
          <AddressForm action="/recalls" label={t("parts")} layout="stack">
            <TextAreaField
              name="positions"
              label={t("positions")}
              rows={5}
              className="font-mono"
              defaultValue={positionsText ?? ""}
              error={positionsError ?? fieldError(parts, "positions")}
              hint={t("positionsHint")}
            />
            <Button type="submit" variant="secondary">
              {t("partsSubmit")}
            </Button>
          </AddressForm>
        </Card>
        <OutcomeCard title={t("partsMatch")} outcome={parts}>
          {(data) => <PartRecalls data={data} />}
        </OutcomeCard>
      </div>
    </>
  );
}
