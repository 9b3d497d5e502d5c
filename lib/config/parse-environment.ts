import { type z } from "zod";

/**
 * Parses a program's environment once against its own schema: an empty variable counts as
 * unset, and a bad value stops start-up with a message naming each offending variable. The
 * console, the reference service and the launcher each have one schema and read nothing else.
 */
export function parseEnvironment<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
  hint = "",
): z.output<S> {
  const blank = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(blank);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}${hint ? `\n${hint}` : ""}`);
  }
  return parsed.data;
}
