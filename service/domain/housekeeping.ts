import { claimRound } from "@/lib/db/claim-round";
import { type Db, schema } from "../db/database";

/** Claims kept this many periods back, for an operator wondering which instance ran which round. */
const KEPT_ROUNDS = 240;

/**
 * Claims housekeeping period `slot` for instance `instanceId`: true for exactly one instance
 * however many ask, which then runs that period's round.
 */
export function claimHousekeepingRound(db: Db, instanceId: string, slot: number) {
  return claimRound(
    db,
    schema.housekeepingRounds,
    { slot, claimedBy: instanceId },
    { periods: KEPT_ROUNDS },
  );
}
