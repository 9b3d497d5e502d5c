import { AllFields } from "@/components/operations/value-list";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/table";
import { type ScanKind } from "../_lib/scan-kinds";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function Warnings({ warnings }: { warnings: unknown[] }) {
  if (!warnings.length) return null;
  return (
    <Alert tone="warning" title="Warnings from the service">
      <ul className="list-disc pl-5" data-testid="scan-warnings">
        {warnings.map((w, i) => (
          <li key={i}>{typeof w === "string" ? w : JSON.stringify(w)}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** The VIN the document shows, wherever this answer puts it; `null` is "not readable", never a guess. */
function VinLine({ vin, where }: { vin: unknown; where: string }) {
  return (
    <p className="text-sm" data-testid="scan-vin">
      {typeof vin === "string" ? (
        <>
          VIN <code>{vin}</code> (at <code>{where}</code>)
        </>
      ) : (
        "No readable VIN: the service answers null rather than guessing."
      )}
    </p>
  );
}

function Headline({ kind, result }: { kind: ScanKind; result: Obj }) {
  switch (kind) {
    case "registration": {
      // Production puts the VIN at data.vehicle.vin, the sandbox at vehicle.vin (documented).
      const production = obj(obj(result.data).vehicle).vin;
      return production !== undefined ? (
        <VinLine vin={production} where="data.vehicle.vin" />
      ) : (
        <VinLine vin={obj(result.vehicle).vin} where="vehicle.vin (sandbox shape)" />
      );
    }
    case "registration_international":
      return (
        <>
          <VinLine vin={obj(result.vehicle).vin} where="vehicle.vin" />
          <DataTable
            caption="Fields by canonical code"
            columns={["Code", "Name", "Value", "As printed (code, value)"]}
            rows={list(result.fields).map(obj)}
            keyOf={(f) => `${String(f.code)}-${String(f.sourceCode)}`}
            cells={(f) => [
              String(f.code),
              String(f.name),
              String(f.value ?? "—"),
              `${String(f.sourceCode)}: ${String(f.sourceValue ?? "—")}`,
            ]}
            empty="No fields read."
          />
        </>
      );
    case "vehicle_document":
      return (
        <DataTable
          caption="Equipment"
          columns={["Kind", "Availability", "Codes (as printed → normalised)", "Source"]}
          rows={list(result.equipment).map(obj)}
          keyOf={(e) => JSON.stringify(e)}
          cells={(e) => [
            String(e.equipmentKind ?? "not stated"),
            String(e.availability ?? "—"),
            list(e.codes)
              .map(obj)
              .map((c) => `${String(c.value)} → ${String(c.normalizedValue ?? "—")}`)
              .join(", "),
            `${String(e.sourceSection ?? "—")}, page ${String(e.sourcePage ?? "—")}`,
          ]}
          empty="No equipment listed."
        />
      );
    case "label_basic":
      return (
        <p className="text-sm" data-testid="scan-label">
          {result.hasPartNumber
            ? "The label shows a part number."
            : "The label shows no part number."}
        </p>
      );
    case "label_part_numbers": {
      const numbers = list(result.partNumbers);
      return (
        <p className="text-sm" data-testid="scan-label">
          {numbers.length ? `Part numbers: ${numbers.join(", ")}` : "No part number on the label."}
        </p>
      );
    }
    case "label_all": {
      const data = obj(result.data);
      return (
        <p className="text-sm" data-testid="scan-label">
          Primary part number: {String(data.primaryPartNumber ?? "not detected")} · others:{" "}
          {list(data.otherPartNumbers).join(", ") || "none detected"}
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
  return (
    <div className="space-y-3" data-testid="scan-result">
      <Warnings warnings={list(result.warnings)} />
      <Headline kind={kind} result={result} />
      <AllFields value={result} />
    </div>
  );
}
