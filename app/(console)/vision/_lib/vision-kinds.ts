import { getOperation } from "@/lib/api/contract/operations";

/** The vision operations that answer at once (part-image generation is a job of its own). */
const IDS = [
  "describeDamage",
  "gradePartQuality",
  "removePartBackground",
  "removeVehicleBackground",
  "classifyEndOfLifeVehicle",
  "createConditionReport",
  "readLicensePlate",
  "composePartImage",
  "transferPartDamage",
  "redactIdentifiers",
] as const;
export type VisionOperation = (typeof IDS)[number];
export const VISION_OPERATIONS: readonly [VisionOperation, ...VisionOperation[]] = IDS;

const LABELS: Record<VisionOperation, string> = {
  describeDamage: "Describe damage",
  gradePartQuality: "Grade a part's quality",
  removePartBackground: "Remove a part's background",
  removeVehicleBackground: "Remove a vehicle's background",
  classifyEndOfLifeVehicle: "Classify an end-of-life vehicle",
  createConditionReport: "Vehicle condition report",
  readLicensePlate: "Read a licence plate",
  composePartImage: "Part composite",
  transferPartDamage: "Transfer part damage to standard views",
  redactIdentifiers: "Redact identifiers",
};

/** Caveats the interface attaches to an operation's answer. */
const CAVEATS: Partial<Record<VisionOperation, string>> = {
  readLicensePlate:
    "Reads the characters only: no keeper lookup, no registration validation and no proof that the plate is authentic.",
};

export const visionKind = (id: VisionOperation) => ({
  id,
  label: LABELS[id],
  caveat: CAVEATS[id],
  /** The interface's client timeout hint, where it gives one (300 s). */
  timeoutSeconds: getOperation(id).timeoutSeconds,
});
