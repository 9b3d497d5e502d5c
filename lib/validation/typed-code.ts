import { z } from "zod";

/**
 * A code a person types (a VIN, a country or currency code): read as they meant it, without the
 * spaces around it and in capitals, then held to the contract's own schema for it (`fullVin`,
 * `countryCode`…), so a form never restates the contract's rule.
 */
export function typedCode<S extends z.ZodType<string, string>>(schema: S) {
  return z
    .string()
    .transform((typed) => typed.trim().toUpperCase())
    .pipe(schema);
}
