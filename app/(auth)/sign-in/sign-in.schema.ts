import { z } from "zod";

export const signInSchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, "Paste an API key.")
    .max(256, "This is longer than any API key."),
});
export type SignInValues = z.infer<typeof signInSchema>;
