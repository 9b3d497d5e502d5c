import { ValueList } from "@/components/operations/value-list";
import { Alert } from "@/components/ui/alert";
import { CopyableId } from "@/components/ui/copyable-id";
import { DataTable } from "@/components/ui/table";
import { type VinVehicleResponse } from "@/lib/api/contract/vin";

type Row = Record<string, unknown>;
const columnsOf = (rows: Row[]) => [...new Set(rows.flatMap((r) => Object.keys(r)))];

function GroupTable({ caption, rows }: { caption: string; rows: Row[] }) {
  const columns = columnsOf(rows);
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      keyOf={(r) => JSON.stringify(r)}
      cells={(r) => columns.map((c) => String(r[c] ?? "—"))}
      empty="None reported."
    />
  );
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
      <p>
        VIN <code>{data.vin ?? "not reported"}</code> · provider {data.provider ?? "not reported"} ·
        svcId {data.svcId ? <CopyableId id={data.svcId} kind="svcId" /> : "not reported"}
      </p>
      {data.vehicle ? <ValueList value={data.vehicle} label="Vehicle" /> : null}
      {data.equipments ? <GroupTable caption="Equipment" rows={data.equipments} /> : null}
      {data.colors ? <GroupTable caption="Colours" rows={data.colors} /> : null}
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
