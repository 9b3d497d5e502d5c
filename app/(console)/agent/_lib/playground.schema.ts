import { z } from "zod";

/**
 * The agent playground's form, as the browser checks it and the action reads it again: a tool,
 * and its arguments as JSON text (bounded: the action parses them on the console's server).
 */
export const playgroundForm = z.object({
  tool: z.string().min(1, "Choose a tool."),
  arguments: z.string().max(20_000, "At most 20,000 characters."),
});
export type PlaygroundForm = z.infer<typeof playgroundForm>;
