import { ValueList } from "@/components/operations/value-list";
import { Alert } from "@/components/ui/alert";
import { CopyableId } from "@/components/ui/copyable-id";
import { DataTable } from "@/components/ui/table";
import { type VinVehicleResponse } from "@/lib/api/contract/vin";

type Row = Record<string, unknown>;
const columnsOf = (rows: Row[]) => [...new Set(rows.flatMap((r) => Object.keys(r)))];

/** Column names as people read them; a field the interface does not describe gets its own name, spaced. */
const COLUMN_LABELS = new Map([
  ["code", "Manufacturer's code"],
  ["description", "What it is"],
  ["name", "Name"],
]);
export const columnLabel = (field: string) =>
  COLUMN_LABELS.get(field) ??
  field.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());

/** A data group of the record (equipment, colours) under its own heading. */
function GroupTable({ title, rows }: { title: string; rows: Row[] }) {
  const columns = columnsOf(rows);
  return (
    <div>
      <h3 className="mb-1 font-medium">{title}</h3>
      <DataTable
        caption={title}
        columns={columns.map(columnLabel)}
        rows={rows}
        keyOf={(r) => JSON.stringify(r)}
        cells={(r) => columns.map((c) => String(r[c] ?? "—"))}
        empty="None reported."
      />
    </div>
  );
}

/**
 * What the VIN data provider number (`provider` 1, 2 or 3) means for the lookups; which source
 * each one is, the interface does not say.
 */
function providerNote(provider: number) {
  return `Data source ${provider} is the provider that identified this VIN. A VIN stays with the first provider named for it: later lookups for it use the same one${provider === 3 ? "; provider 3 works only in the guided browser flow" : ""}.`;
}

/** The vehicle record of a VIN look-up with its data groups; `incomplete` is explained. */
export function VinVehicleRecord({ data }: { data: VinVehicleResponse }) {
  return (
    <div className="space-y-4 text-sm" data-testid="vehicle-record">
      {data.incomplete ? (
        <Alert tone="warning" title="Not one vehicle: the record is incomplete">
          The VIN was not resolved to exactly one vehicle type. The fields below describe only the
          first candidate; the guided VIN lookup lets the dealer choose the right one.
        </Alert>
      ) : null}
      <div>
        <p>
          VIN <code>{data.vin ?? "not reported"}</code> ·{" "}
          {typeof data.provider === "number"
            ? `data source ${data.provider}`
            : "data source not reported"}{" "}
          · vehicle type {data.svcId ? <CopyableId id={data.svcId} kind="svcId" /> : "not reported"}
        </p>
        {typeof data.provider === "number" ? (
          <p className="text-xs text-slate-500" data-testid="vin-provider">
            {providerNote(data.provider)}
          </p>
        ) : null}
      </div>
      {data.vehicle ? <ValueList value={data.vehicle} label="Vehicle" /> : null}
      {data.equipments ? <GroupTable title="Equipment" rows={data.equipments} /> : null}
      {data.colors ? <GroupTable title="Colours" rows={data.colors} /> : null}
      {data.technical ? (
        <div>
          <h3 className="mb-1 font-medium">Technical details</h3>
          <ValueList value={data.technical} label="Technical details" />
        </div>
      ) : null}
    </div>
  );
}

/** The technical record of a vehicle type: no VIN, no equipment. */
export function TechnicalRecord({ data }: { data: Row }) {
  return (
    <div className="space-y-2 text-sm" data-testid="technical-record">
      <ValueList value={data} label="Technical record" />
      <p className="text-xs text-slate-500">
        A reference to the vehicle type, not the physical car: several VINs may share it.
      </p>
    </div>
  );
}
