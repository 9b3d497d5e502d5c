import * as parts from "./parts";
import { defineGroup } from "./operation";

export const partsOperations = defineGroup("parts", {
  normalizeOeNumber: {
    method: "GET",
    path: "/parts/oe/normalize",
    summary: "Normalize an OE number",
    endpointKey: "parts_normalize",
    billable: true,
    request: { query: parts.normalizeQuery },
    responses: { 200: parts.normalizationResponse },
  },
  getOePart: {
    method: "GET",
    path: "/parts/oe/{oeNumber}",
    summary: "Confirmed base-part record",
    endpointKey: "parts_oe",
    billable: true,
    request: { params: parts.oeNumberPath, query: parts.oePartQuery },
    responses: { 200: parts.basePartResponse },
    errors: ["oe_part_not_found", "oe_number_ambiguous"],
  },
  getOeAftermarketReferences: {
    method: "GET",
    path: "/parts/oe/{oeNumber}/aftermarket-references",
    summary: "Aftermarket references (paged)",
    endpointKey: "parts_aftermarket",
    billable: true,
    request: { params: parts.oeNumberPath, query: parts.aftermarketQuery },
    responses: { 200: parts.aftermarketResponse },
  },
  getOePrice: {
    method: "GET",
    path: "/parts/oe/{oeNumber}/price",
    summary: "Indicative price evaluation",
    endpointKey: "parts_price",
    billable: true,
    request: { params: parts.oeNumberPath, query: parts.priceQuery },
    responses: { 200: parts.priceResponse },
    errors: ["oe_part_not_found"],
  },
  getPartSeo: {
    method: "GET",
    path: "/parts/oe/{oeNumber}/seo",
    summary: "Marketplace article content",
    endpointKey: "parts_seo",
    billable: true,
    request: { params: parts.oeNumberPath, query: parts.seoQuery },
    responses: { 200: parts.seoResponse },
    errors: ["seo_no_exact_match", "seo_live_requests_paused", "seo_service_unavailable"],
  },
});
