import { AddressForm } from "@/components/ui/address-form";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import type { Metadata } from "next";
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

export const metadata: Metadata = { title: "Recalls" };

/** Recall matching for a vehicle (series level) and for parts (per position). */
export default async function RecallsPage({ searchParams }: SearchPageProps) {
  const { session, api } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/recalls");
  if (notOffered) return notOffered;
  const search = await searchParams;
  const vin = typeof search.vin === "string" ? search.vin.trim().toUpperCase() : "";
  const positionsText = typeof search.positions === "string" ? search.positions : null;
  const positions = positionsText === null ? [] : positionsOf(positionsText);
  // An empty list is refused here, in a sentence, before anything is sent or billed.
  const positionsError =
    positionsText !== null && positions.length === 0
      ? "Type at least one OE number, one per line."
      : undefined;
  const [vehicle, parts] = await Promise.all([
    vin ? attempt("matchVehicleRecalls", () => api.matchVehicleRecalls({ params: { vin } })) : null,
    positionsText !== null && !positionsError
      ? attempt("matchPartRecalls", () => api.matchPartRecalls({ body: { positions } }))
      : null,
  ]);
  const vinError = fieldError(vehicle, "vin");
  return (
    <>
      <PageHeader
        title="Recalls"
        description="Match a vehicle series or a list of OE numbers against the official recall registers. Each match is a billed call with its receipt."
      />
      <div className="space-y-6">
        <Card title="Vehicle recalls">
          <VinForm
            action="/recalls"
            label="Vehicle recalls"
            submitLabel="Match recalls"
            asked={search.vin}
            error={vinError}
          />
        </Card>
        {vehicle && !vinError ? (
          <OutcomeCard title="Vehicle recall match" outcome={vehicle}>
            {(data) => <VehicleRecalls data={data} />}
          </OutcomeCard>
        ) : null}
        <Card title="Part recalls">
          <AddressForm action="/recalls" label="Part recalls" layout="stack">
            <TextAreaField
              name="positions"
              label="OE numbers, one per line"
              rows={5}
              className="font-mono"
              defaultValue={positionsText ?? ""}
              error={positionsError ?? fieldError(parts, "positions")}
              hint="Each line is one position, in order; up to 100."
            />
            <Button type="submit" variant="secondary">
              Match positions
            </Button>
          </AddressForm>
        </Card>
        <OutcomeCard title="Part recall match" outcome={parts}>
          {(data) => <PartRecalls data={data} />}
        </OutcomeCard>
      </div>
    </>
  );
}
