import { Warnings } from "@/components/operations/coded-sentence";
import { formatDate } from "@/lib/format";
import { AllFields } from "@/components/operations/value-list";
import { DataTable } from "@/components/ui/table";
import { type ScanKind } from "../_lib/scan-kinds";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The VIN the document shows, wherever this answer puts it; `null` is "not readable", never a guess. */
function VinLine({ vin, where }: { vin: unknown; where: string }) {
  return (
    <p className="text-sm" data-testid="scan-vin">
      {typeof vin === "string" ? (
        <>
          VIN <code>{vin}</code>{" "}
          <small className="text-xs text-slate-500">
            (read from <code>{where}</code>)
          </small>
        </>
      ) : (
        "No readable VIN: the service answers null rather than guessing."
      )}
    </p>
  );
}

/**
 * What a national registration says of the vehicle, and nothing of its holder: make and model,
 * registration number, first registration and the VIN.
 */
function RegistrationVehicle({ result }: { result: Obj }) {
  const data = obj(result.data);
  // Production puts the vehicle inside `data`, the sandbox beside it (documented).
  const vehicle = Object.keys(obj(data.vehicle)).length ? obj(data.vehicle) : obj(result.vehicle);
  const where = Object.keys(obj(data.vehicle)).length
    ? "data.vehicle.vin"
    : "vehicle.vin (sandbox shape)";
  const facts: [string, unknown][] = [
    ["Vehicle", [vehicle.make, vehicle.model].filter((v) => typeof v === "string").join(" ")],
    ["Registration number", data.registrationNumber],
    [
      "First registration",
      typeof data.firstRegistration === "string" ? formatDate(data.firstRegistration) : undefined,
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
      <p className="text-xs text-slate-500">
        The holder&apos;s name and address are not shown here; they are in the full answer below.
      </p>
    </div>
  );
}

function Headline({ kind, result }: { kind: ScanKind; result: Obj }) {
  switch (kind) {
    case "registration":
      return <RegistrationVehicle result={result} />;
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
      <Warnings
        title="Warnings from the service"
        testId="scan-warnings"
        warnings={list(result.warnings)}
      />
      <Headline kind={kind} result={result} />
      <AllFields value={result} />
    </div>
  );
}
