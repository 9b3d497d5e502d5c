import * as parts from "./parts";
import { defineGroup, row } from "./operation";

// prettier-ignore
export const partsOperations = defineGroup("parts", {
  normalizeOeNumber: row("GET /parts/oe/normalize", "parts_normalize", "Normalize an OE number", { agent: { tool: "parts.normalize_oe_number" }, billable: true, request: { query: parts.normalizeQuery }, responses: { 200: parts.normalizationResponse } }),
  getOePart: row("GET /parts/oe/{oeNumber}", "parts_oe", "Confirmed base-part record", { agent: { tool: "parts.get_oe_part" }, billable: true, request: { params: parts.oeNumberPath, query: parts.oePartQuery }, responses: { 200: parts.basePartResponse }, errors: ["oe_part_not_found", "oe_number_ambiguous"] }),
  getOeAftermarketReferences: row("GET /parts/oe/{oeNumber}/aftermarket-references", "parts_aftermarket", "Aftermarket references (paged)", { agent: { tool: "parts.get_aftermarket_references" }, billable: true, request: { params: parts.aftermarketPath, query: parts.aftermarketQuery }, responses: { 200: parts.aftermarketResponse } }),
  getOePrice: row("GET /parts/oe/{oeNumber}/price", "parts_price", "Indicative price evaluation", { agent: { tool: "parts.get_price" }, billable: true, request: { params: parts.oeNumberPath, query: parts.priceQuery }, responses: { 200: parts.priceResponse }, errors: ["oe_part_not_found"] }),
  getPartSeo: row("GET /parts/oe/{oeNumber}/seo", "parts_seo", "Marketplace article content", { billable: true, request: { params: parts.oeNumberPath, query: parts.seoQuery }, responses: { 200: parts.seoResponse }, errors: ["seo_no_exact_match", "seo_live_requests_paused", "seo_service_unavailable"] }),
});
