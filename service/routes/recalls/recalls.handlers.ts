import { type RecallRegister } from "@/lib/api/contract/recalls";
import { ApiError, ok } from "../../core";
import { type HandlerMap } from "../../context";
import { seedOf } from "../../data/synthetic";
import { behaviourOf } from "../../data/vehicle-catalog";
import { normalizeOe, partsByNormalized } from "../../data/parts-catalog";
import { checkFullVin, manufacturerOf, modelYearOf } from "../../domain/vin";

const DATA_VERSIONS: Record<RecallRegister, string> = {
  kba: "2026-11-15",
  nhtsa: "2026-11-18",
  rappelConso: "2026-11-10",
};

export const recallHandlers = {
  /** Series-level matching: the manufacturer and model year decide, not the individual car. */
  async matchVehicleRecalls({ input }) {
    const { vin } = input.params;
    const problem = checkFullVin(vin);
    if (problem) throw new ApiError(problem.code, problem.message);
    const make = manufacturerOf(vin);
    if (!make || behaviourOf(vin).notFound)
      throw new ApiError(
        "recall_match_not_found",
        "The VIN could not be resolved to a vehicle series.",
      );
    const year = modelYearOf(vin);
    const seed = seedOf("recall", vin.slice(0, 8), String(year));
    const recalls =
      seed[0]! % 3 === 0
        ? []
        : [
            {
              reference: `RC-${seed.readUInt16BE(1)}`,
              component: ["brakes", "airbag", "fuel system"][seed[3]! % 3],
              register: "kba" as const,
              seriesLevel: true,
              remedy: "Inspection and replacement at an authorised workshop.",
            },
          ];
    return ok({
      vin,
      manufacturer: make.manufacturer,
      modelYear: year,
      matchLevel: "series",
      recalls,
      dataVersions: DATA_VERSIONS,
    });
  },

  async matchPartRecalls({ input }) {
    return ok({
      positions: input.body.positions.map((p) => {
        const normalized = normalizeOe(p.oeNumber);
        const known = partsByNormalized(normalized).length > 0;
        return {
          oeNumber: p.oeNumber,
          normalizedOeNumber: known ? normalized : null,
          recalls:
            known && seedOf("part-recall", normalized)[0]! % 4 === 0
              ? [
                  {
                    reference: `PR-${normalized.slice(-4)}`,
                    register: "rappelConso" as const,
                  },
                ]
              : [],
        };
      }),
      dataVersions: DATA_VERSIONS,
    });
  },
} satisfies HandlerMap;
