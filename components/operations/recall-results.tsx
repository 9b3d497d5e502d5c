import { type z } from "zod";
import { DataTable, RecordsTable } from "@/components/ui/table";
import { type partRecallResponse, type vehicleRecallResponse } from "@/lib/api/contract/recalls";

const RECALL_CAVEAT =
  "Series-level matching against official registers: a match concerns the vehicle series, not proof that this car is affected or was repaired. Check the register or the manufacturer for the individual vehicle.";

function DataVersions({ versions }: { versions: Record<string, unknown> | undefined }) {
  const entries = Object.entries(versions ?? {});
  return (
    <p className="text-xs text-slate-600" data-testid="data-versions">
      Register data versions:{" "}
      {entries.length ? entries.map(([k, v]) => `${k} ${String(v)}`).join(" · ") : "not reported"}
    </p>
  );
}

export function VehicleRecalls({ data }: { data: z.output<typeof vehicleRecallResponse> }) {
  const recalls = data.recalls ?? [];
  const series = [data.manufacturer, data.modelYear].filter(Boolean).join(" ");
  return (
    <div className="space-y-3 text-sm" data-testid="vehicle-recalls">
      <p>
        {recalls.length
          ? `${recalls.length} recall${recalls.length === 1 ? "" : "s"} for the series`
          : "No recall in the registers for the series"}
        {series ? ` ${series}` : ""}
        {typeof data.matchLevel === "string" ? ` (match level ${data.matchLevel})` : ""}.
      </p>
      <RecordsTable caption="Vehicle recalls" records={recalls} />
      <DataVersions versions={data.dataVersions} />
      <p className="text-xs text-slate-500">{RECALL_CAVEAT}</p>
    </div>
  );
}

export function PartRecalls({ data }: { data: z.output<typeof partRecallResponse> }) {
  return (
    <div className="space-y-3 text-sm" data-testid="part-recalls">
      <DataTable
        caption="Recalls per position"
        columns={["Position", "OE number as sent", "Normalised number", "Recalls"]}
        rows={data.positions.map((p, i) => ({ ...p, position: i + 1 }))}
        keyOf={(p) => String(p.position)}
        cells={(p) => {
          const listed = (p as Record<string, unknown>).recalls;
          const recalls = Array.isArray(listed) ? (listed as Record<string, unknown>[]) : [];
          return [
            String(p.position),
            p.oeNumber,
            p.normalizedOeNumber ?? "no match",
            recalls.length
              ? recalls.map((r) => Object.values(r).map(String).join(" ")).join("; ")
              : "none",
          ];
        }}
        empty="No positions."
      />
      <DataVersions versions={data.dataVersions} />
      <p className="text-xs text-slate-500">
        A position without a normalised number matched no known part, so no recall could be looked
        up for it; that is not a statement that none exists.
      </p>
    </div>
  );
}
