import { type OperationId } from "@/lib/api/contract/operations";

/**
 * What the Scanner page can read, one row per current operation (the deprecated aliases and the
 * deprecated 11-field extract are not offered; each is worded by `scanner.kinds.<kind>`). `address` names the body field the operation
 * takes; `personal` marks the documents whose answers carry `Cache-Control: no-store`.
 */
export const SCAN_KINDS = [
  {
    kind: "registration",
    operation: "extractRegistrationDocument",
    address: "fileUrl",
    personal: true,
  },
  {
    kind: "registration_international",
    operation: "extractInternationalRegistrationDocument",
    address: "fileUrl",
    personal: true,
  },
  {
    kind: "calculation",
    operation: "extractCalculationDocument",
    address: "fileUrl",
    personal: false,
  },
  {
    kind: "vehicle_document",
    operation: "extractVehicleDocument",
    address: "fileUrl",
    personal: true,
  },
  {
    kind: "label_basic",
    operation: "extractLabelText",
    address: "imageUrl",
    personal: false,
  },
  {
    kind: "label_part_numbers",
    operation: "extractLabelPartNumbers",
    address: "imageUrl",
    personal: false,
  },
  {
    kind: "label_all",
    operation: "extractLabelDetails",
    address: "imageUrl",
    personal: false,
  },
  {
    kind: "vin_image",
    operation: "extractVinFromImage",
    address: "imageUrl",
    personal: false,
  },
] as const satisfies readonly {
  kind: string;
  operation: OperationId;
  address: "fileUrl" | "imageUrl";
  personal: boolean;
}[];

export type ScanKind = (typeof SCAN_KINDS)[number]["kind"];
export const SCAN_KIND_IDS = SCAN_KINDS.map((k) => k.kind) as [ScanKind, ...ScanKind[]];
export const scanKind = (kind: ScanKind) => SCAN_KINDS.find((k) => k.kind === kind)!;
