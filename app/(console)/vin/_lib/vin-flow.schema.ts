import { z } from "zod";
import { atMostCharacters, FORM_BOUNDS } from "@/lib/validation/form-bounds";

/** A note kept with a guided VIN flow in the console's store (the service never sees it). */
export const flowNote = z
  .string()
  .trim()
  .max(FORM_BOUNDS.vinFlowNote, atMostCharacters(FORM_BOUNDS.vinFlowNote));
