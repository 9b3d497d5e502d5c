import { type OperationId } from "@/lib/api/contract/operations";

/**
 * What the Scanner page can read, one row per current operation (the deprecated aliases and the
 * deprecated 11-field extract are not offered). `address` names the body field the operation
 * takes; `personal` marks the documents whose answers carry `Cache-Control: no-store`.
 */
export const SCAN_KINDS = [
  {
    kind: "registration",
    operation: "extractRegistrationDocument",
    label: "National registration document",
    address: "fileUrl",
    personal: true,
  },
  {
    kind: "registration_international",
    operation: "extractInternationalRegistrationDocument",
    label: "International registration document",
    address: "fileUrl",
    personal: true,
  },
  {
    kind: "calculation",
    operation: "extractCalculationDocument",
    label: "Repair calculation",
    address: "fileUrl",
    personal: false,
  },
  {
    kind: "vehicle_document",
    operation: "extractVehicleDocument",
    label: "Rich vehicle document (equipment)",
    address: "fileUrl",
    personal: true,
  },
  {
    kind: "label_basic",
    operation: "extractLabelText",
    label: "Label: is there a part number?",
    address: "imageUrl",
    personal: false,
  },
  {
    kind: "label_part_numbers",
    operation: "extractLabelPartNumbers",
    label: "Label: part numbers",
    address: "imageUrl",
    personal: false,
  },
  {
    kind: "label_all",
    operation: "extractLabelDetails",
    label: "Label: all details",
    address: "imageUrl",
    personal: false,
  },
  {
    kind: "vin_image",
    operation: "extractVinFromImage",
    label: "VIN from an image",
    address: "imageUrl",
    personal: false,
  },
] as const satisfies readonly {
  kind: string;
  operation: OperationId;
  label: string;
  address: "fileUrl" | "imageUrl";
  personal: boolean;
}[];

export type ScanKind = (typeof SCAN_KINDS)[number]["kind"];
export const SCAN_KIND_IDS = SCAN_KINDS.map((k) => k.kind) as [ScanKind, ...ScanKind[]];
export const scanKind = (kind: ScanKind) => SCAN_KINDS.find((k) => k.kind === kind)!;
