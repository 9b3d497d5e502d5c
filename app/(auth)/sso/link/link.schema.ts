import type { z } from "zod";
import { passwordSignInSchema } from "@/app/(auth)/sign-in/sign-in.schema";

/** Linking a single sign-on: the address is the one the provider vouched for, so only these two. */
export const linkWithPasswordSchema = passwordSignInSchema.pick({ password: true, code: true });
export type LinkWithPasswordValues = z.infer<typeof linkWithPasswordSchema>;
