import { type EndpointKey } from "@/lib/api/contract/common";

/**
 * The reference service's list prices per call, in euro cents. The interface publishes no
 * prices ("agreed contractually"); these exist so balance charging and sponsor caps are real.
 */
export const CURRENCY = "EUR";

const PRICES: Partial<Record<EndpointKey, number>> = {
  vin_redirect: 20,
  vin_vehicle: 45,
  vin_parts: 60,
  vin_cart_check: 30,
  vin_economic_evaluation: 150,
  vehicle_technical: 10,
  vehicle_listing: 25,
  vehicle_intake: 80,
  recalls_vehicle: 15,
  recalls_parts: 10,
  parts_normalize: 1,
  parts_oe: 5,
  parts_aftermarket: 3,
  parts_price: 12,
  parts_seo: 20,
  vdi_catalog: 2,
  translation: 2,
  intelligence_part: 50,
  intelligence_vin: 200,
  scanner_registration: 40,
  scanner_registration_international: 50,
  scanner_calculation: 60,
  scanner_vehicle_document: 60,
  scanner_label: 15,
  scanner_vin: 15,
  vision_part_generate: 90,
  vision_damage: 40,
  vision_part_quality: 30,
  vision_background_removal: 20,
  vision_elv: 40,
  vision_condition_report: 120,
  vision_license_plate: 10,
  vision_part_composite: 60,
  vision_damage_transfer: 80,
  vision_redaction: 30,
};

export function unitPriceMinor(endpointKey: EndpointKey): number {
  return PRICES[endpointKey] ?? 0;
}
