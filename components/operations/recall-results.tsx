import { useTranslations } from "next-intl";
import { type z } from "zod";
import { DataTable, RecordsTable } from "@/components/ui/table";
import { type partRecallResponse, type vehicleRecallResponse } from "@/lib/api/contract/recalls";

function DataVersions({ versions }: { versions: Record<string, unknown> | undefined }) {
  const t = useTranslations("operations.recalls");
  const entries = Object.entries(versions ?? {});
  return (
    <p className="text-xs text-slate-600" data-testid="data-versions">
      {t("versions", {
        versions: entries.length
          ? entries.map(([k, v]) => `${k} ${String(v)}`).join(" · ")
          : t("versionsNotReported"),
      })}
    </p>
  );
}

export function VehicleRecalls({ data }: { data: z.output<typeof vehicleRecallResponse> }) {
  const t = useTranslations("operations.recalls");
  const recalls = data.recalls ?? [];
  const series = [data.manufacturer, data.modelYear].filter(Boolean).join(" ");
  return (
    <div className="space-y-3 text-sm" data-testid="vehicle-recalls">
      <p>
        {t("summary", {
          count: recalls.length,
          series: series ? ` ${series}` : "",
          matchLevel:
            typeof data.matchLevel === "string" ? t("matchLevel", { level: data.matchLevel }) : "",
        })}
      </p>
      <RecordsTable caption={t("vehicleCaption")} records={recalls} />
      <DataVersions versions={data.dataVersions} />
      <p className="text-xs text-slate-500">{t("caveat")}</p>
    </div>
  );
}

export function PartRecalls({ data }: { data: z.output<typeof partRecallResponse> }) {
  const t = useTranslations("operations.recalls");
  return (
    <div className="space-y-3 text-sm" data-testid="part-recalls">
      <DataTable
        caption={t("positionsCaption")}
        columns={[
          t("columns.position"),
          t("columns.oeNumber"),
          t("columns.normalized"),
          t("columns.recalls"),
        ]}
        rows={data.positions.map((p, i) => ({ ...p, position: i + 1 }))}
        keyOf={(p) => String(p.position)}
        cells={(p) => {
          const listed = (p as Record<string, unknown>).recalls;
          const recalls = Array.isArray(listed) ? (listed as Record<string, unknown>[]) : [];
          return [
            String(p.position),
            p.oeNumber,
            p.normalizedOeNumber ?? t("noMatch"),
            recalls.length
              ? recalls.map((r) => Object.values(r).map(String).join(" ")).join("; ")
              : t("none"),
          ];
        }}
        empty={t("noPositions")}
      />
      <DataVersions versions={data.dataVersions} />
      <p className="text-xs text-slate-500">{t("positionsNote")}</p>
    </div>
  );
}
