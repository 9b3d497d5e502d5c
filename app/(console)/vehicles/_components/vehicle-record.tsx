import { useTranslations } from "next-intl";
import { ValueList } from "@/components/operations/value-list";
import { Alert } from "@/components/ui/alert";
import { CopyableId } from "@/components/ui/copyable-id";
import { DataTable } from "@/components/ui/table";
import { type VinVehicleResponse } from "@/lib/api/contract/vin";

type Row = Record<string, unknown>;
const columnsOf = (rows: Row[]) => [...new Set(rows.flatMap((r) => Object.keys(r)))];

/** Column names as people read them; a field the interface does not describe gets its own name, spaced. */
const COLUMN_LABELS = new Map([
  ["code", "code"],
  ["description", "description"],
  ["name", "name"],
] as const);
export const columnLabel = (
  field: string,
  t: ReturnType<typeof useTranslations<"vehicles.record.columns">>,
) => {
  const key = COLUMN_LABELS.get(field as "code");
  return key
    ? t(key)
    : field.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
};

/** A data group of the record (equipment, colours) under its own heading. */
function GroupTable({ title, rows }: { title: string; rows: Row[] }) {
  const t = useTranslations("vehicles.record");
  const columnT = useTranslations("vehicles.record.columns");
  const columns = columnsOf(rows);
  return (
    <div>
      <h3 className="mb-1 font-medium">{title}</h3>
      <DataTable
        caption={title}
        columns={columns.map((c) => columnLabel(c, columnT))}
        rows={rows}
        keyOf={(r) => JSON.stringify(r)}
        cells={(r) => columns.map((c) => String(r[c] ?? "—"))}
        empty={t("noneReported")}
      />
    </div>
  );
}

/**
 * What the VIN data provider number (`provider` 1, 2 or 3) means for the lookups; which source
 * each one is, the interface does not say.
 */

/** The vehicle record of a VIN look-up with its data groups; `incomplete` is explained. */
export function VinVehicleRecord({ data }: { data: VinVehicleResponse }) {
  const t = useTranslations("vehicles.record");
  return (
    <div className="space-y-4 text-sm" data-testid="vehicle-record">
      {data.incomplete ? (
        <Alert tone="warning" title={t("incompleteTitle")}>
          {t("incompleteBody")}
        </Alert>
      ) : null}
      <div>
        <p>
          {t("vin")} <code>{data.vin ?? t("notReported")}</code> ·{" "}
          {typeof data.provider === "number"
            ? t("dataSource", { provider: data.provider })
            : t("dataSourceNotReported")}{" "}
          · {t("vehicleType")}{" "}
          {data.svcId ? <CopyableId id={data.svcId} kind="svcId" /> : t("notReported")}
        </p>
        {typeof data.provider === "number" ? (
          <p className="text-xs text-slate-500" data-testid="vin-provider">
            {t("providerNote", { provider: String(data.provider) })}
          </p>
        ) : null}
      </div>
      {data.vehicle ? <ValueList value={data.vehicle} label={t("vehicle")} /> : null}
      {data.equipments ? <GroupTable title={t("equipment")} rows={data.equipments} /> : null}
      {data.colors ? <GroupTable title={t("colours")} rows={data.colors} /> : null}
      {data.technical ? (
        <div>
          <h3 className="mb-1 font-medium">{t("technical")}</h3>
          <ValueList value={data.technical} label={t("technical")} />
        </div>
      ) : null}
    </div>
  );
}

/** The technical record of a vehicle type: no VIN, no equipment. */
export function TechnicalRecord({ data }: { data: Row }) {
  const t = useTranslations("vehicles.record");
  return (
    <div className="space-y-2 text-sm" data-testid="technical-record">
      <ValueList value={data} label={t("technicalRecord")} />
      <p className="text-xs text-slate-500">{t("technicalNote")}</p>
    </div>
  );
}
