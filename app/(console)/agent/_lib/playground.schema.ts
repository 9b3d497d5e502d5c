import { z } from "zod";
import { atMostCharacters, FORM_BOUNDS } from "@/lib/validation/form-bounds";

/**
 * The agent playground's form, as the browser checks it and the action reads it again: a tool,
 * and its arguments as JSON text (bounded: the action parses them on the console's server).
 */
export const playgroundForm = z.object({
  tool: z.string().min(1, "Choose a tool."),
  arguments: z
    .string()
    .max(FORM_BOUNDS.agentToolArguments, atMostCharacters(FORM_BOUNDS.agentToolArguments)),
});
export type PlaygroundForm = z.infer<typeof playgroundForm>;
