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

/**
 * The operations the interface attaches a caveat to (worded by `vision.caveats.<id>`); each
 * operation's name is `vision.operations.<id>`.
 */
const CAVEATS = ["readLicensePlate"] as const;
export type VisionCaveat = (typeof CAVEATS)[number];

export const visionKind = (id: VisionOperation) => ({
  id,
  caveat: (CAVEATS as readonly string[]).includes(id) ? (id as VisionCaveat) : undefined,
  /** The interface's client timeout hint, where it gives one (300 s). */
  timeoutSeconds: getOperation(id).timeoutSeconds,
});
