import { ApiError, ok } from "../../core";
import { type HandlerMap } from "../../context";
import { seedOf, syntheticVin } from "../../data/synthetic";
import { vehicleFor } from "../../data/vehicle-catalog";
import { accessibleVehicle, grantVehicleAccess } from "../../domain/vehicle-access";

const LISTING_TEXT = {
  en: (v: string) =>
    `${v}. Well documented vehicle type; see the technical data for engine and transmission.`,
  de: (v: string) =>
    `${v}. Gut dokumentierter Fahrzeugtyp; Motor und Getriebe siehe technische Daten.`,
  fr: (v: string) =>
    `${v}. Type de véhicule bien documenté ; moteur et boîte de vitesses dans les données techniques.`,
};

export const vehicleHandlers = {
  /** Listing text from the technical record only: no price, condition or value claims. */
  async composeVehicleListing({ db, caller, input }) {
    const vehicle = await accessibleVehicle(db, caller.client.id, input.params.svcId);
    if (!vehicle)
      throw new ApiError(
        "vehicle_not_found",
        "This svcId is unknown or was obtained by another Client.",
      );
    const language = input.body.language ?? "en";
    const title = `${vehicle.manufacturer ?? "Vehicle"} ${vehicle.model}${vehicle.modelYear ? ` ${vehicle.modelYear}` : ""}`;
    return ok({
      svcId: vehicle.svcId,
      language,
      title,
      text: LISTING_TEXT[language](title),
      notes: input.body.notes ?? null,
      claims: { price: false, condition: false, value: false },
    });
  },

  /** One-call intake from a registration document (synthetic extraction from the file address). */
  async intakeVehicle({ db, caller, input, now }) {
    const seed = seedOf("intake", input.body.fileUrl);
    const readable = !input.body.fileUrl.includes("unreadable");
    const vin = readable ? syntheticVin(seed) : null;
    const vehicle = vin ? vehicleFor(vin) : null;
    if (vehicle) await grantVehicleAccess(db, caller.client.id, vehicle, now);
    return ok({
      registrationDocument: {
        documentType: "registration_part_1",
        country: input.body.country ?? "DE",
        vehicle: { vin, firstRegistration: "2019-03-14" },
        ...(input.body.includeOwner ? { holder: { name: "Erika Mustermann", city: "Köln" } } : {}),
      },
      vin,
      provider: 1,
      svcId: vehicle?.svcId ?? null,
      vehicle: vehicle
        ? {
            manufacturer: vehicle.manufacturer,
            model: vehicle.model,
            modelYear: vehicle.modelYear,
          }
        : null,
      condition: input.body.photoUrls?.length
        ? { photosAssessed: input.body.photoUrls.length, visibleDamage: seed[7]! % 2 === 0 }
        : null,
    });
  },
} satisfies HandlerMap;
