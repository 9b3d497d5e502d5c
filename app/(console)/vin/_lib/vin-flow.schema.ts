import { z } from "zod";

/** A note kept with a guided VIN flow in the console's store (the service never sees it). */
export const flowNote = z.string().trim().max(200, "At most 200 characters.");
