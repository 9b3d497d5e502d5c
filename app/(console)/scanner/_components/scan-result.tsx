import { useTranslations } from "next-intl";
import { Warnings } from "@/components/operations/coded-sentence";
import { AllFields } from "@/components/operations/value-list";
import { DataTable } from "@/components/ui/table";
import { type ScanKind } from "../_lib/scan-kinds";
import { useFormats } from "@/components/i18n/formats-provider";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The VIN the document shows, wherever this answer puts it; `null` is "not readable", never a guess. */
function VinLine({ vin, where }: { vin: unknown; where: string }) {
  const t = useTranslations("scanner.result");
  return (
    <p className="text-sm" data-testid="scan-vin">
      {typeof vin === "string"
        ? t.rich("vin", {
            vin,
            where,
            code: (chunks) => <code>{chunks}</code>,
            src: (chunks) => <code>{chunks}</code>,
            small: (chunks) => <small className="text-xs text-slate-500">{chunks}</small>,
          })
        : t("noVin")}
    </p>
  );
}

/**
 * What a national registration says of the vehicle, and nothing of its holder: make and model,
 * registration number, first registration and the VIN.
 */
function RegistrationVehicle({ result }: { result: Obj }) {
  const formats = useFormats();
  const t = useTranslations("scanner.result");
  const data = obj(result.data);
  // Production puts the vehicle inside `data`, the sandbox beside it (documented).
  const vehicle = Object.keys(obj(data.vehicle)).length ? obj(data.vehicle) : obj(result.vehicle);
  const where = Object.keys(obj(data.vehicle)).length ? "data.vehicle.vin" : t("sandboxShape");
  const facts: [string, unknown][] = [
    [t("vehicle"), [vehicle.make, vehicle.model].filter((v) => typeof v === "string").join(" ")],
    [t("registrationNumber"), data.registrationNumber],
    [
      t("firstRegistration"),
      typeof data.firstRegistration === "string" ? formats.day(data.firstRegistration) : undefined,
    ],
  ];
  return (
    <div className="space-y-2" data-testid="registration-vehicle">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        {facts
          .filter(([, v]) => typeof v === "string" && v)
          .map(([label, v]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd>{String(v)}</dd>
            </div>
          ))}
      </dl>
      <VinLine vin={vehicle.vin} where={where} />
      <p className="text-xs text-slate-500">{t("holderHidden")}</p>
    </div>
  );
}

function Headline({ kind, result }: { kind: ScanKind; result: Obj }) {
  const t = useTranslations("scanner.result");
  switch (kind) {
    case "registration":
      return <RegistrationVehicle result={result} />;
    case "registration_international":
      return (
        <>
          <VinLine vin={obj(result.vehicle).vin} where="vehicle.vin" />
          <DataTable
            caption={t("fieldsCaption")}
            columns={[
              t("fieldsColumns.code"),
              t("fieldsColumns.name"),
              t("fieldsColumns.value"),
              t("fieldsColumns.printed"),
            ]}
            rows={list(result.fields).map(obj)}
            keyOf={(f) => `${String(f.code)}-${String(f.sourceCode)}`}
            cells={(f) => [
              String(f.code),
              String(f.name),
              String(f.value ?? "—"),
              `${String(f.sourceCode)}: ${String(f.sourceValue ?? "—")}`,
            ]}
            empty={t("noFields")}
          />
        </>
      );
    case "vehicle_document":
      return (
        <DataTable
          caption={t("equipmentCaption")}
          columns={[
            t("equipmentColumns.kind"),
            t("equipmentColumns.availability"),
            t("equipmentColumns.codes"),
            t("equipmentColumns.source"),
          ]}
          rows={list(result.equipment).map(obj)}
          keyOf={(e) => JSON.stringify(e)}
          cells={(e) => [
            String(e.equipmentKind ?? t("notStated")),
            String(e.availability ?? "—"),
            list(e.codes)
              .map(obj)
              .map((c) => `${String(c.value)} → ${String(c.normalizedValue ?? "—")}`)
              .join(", "),
            t("sourcePage", {
              section: String(e.sourceSection ?? "—"),
              page: String(e.sourcePage ?? "—"),
            }),
          ]}
          empty={t("noEquipment")}
        />
      );
    case "label_basic":
      return (
        <p className="text-sm" data-testid="scan-label">
          {result.hasPartNumber ? t("hasPartNumber") : t("noPartNumber")}
        </p>
      );
    case "label_part_numbers": {
      const numbers = list(result.partNumbers);
      return (
        <p className="text-sm" data-testid="scan-label">
          {numbers.length ? t("partNumbers", { numbers: numbers.join(", ") }) : t("noPartNumbers")}
        </p>
      );
    }
    case "label_all": {
      const data = obj(result.data);
      return (
        <p className="text-sm" data-testid="scan-label">
          {t("primary", {
            primary: String(data.primaryPartNumber ?? t("notDetected")),
            others: list(data.otherPartNumbers).join(", ") || t("noneDetected"),
          })}
        </p>
      );
    }
    case "vin_image":
      return <VinLine vin={result.vin} where="vin" />;
    default:
      return null;
  }
}

/** A reading as readable fields, its warnings first. */
export function ScanResult({ kind, result }: { kind: ScanKind; result: Obj }) {
  const t = useTranslations("scanner.result");
  return (
    <div className="space-y-3" data-testid="scan-result">
      <Warnings title={t("warnings")} testId="scan-warnings" warnings={list(result.warnings)} />
      <Headline kind={kind} result={result} />
      <AllFields value={result} />
    </div>
  );
}
