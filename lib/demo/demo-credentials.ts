import { z } from "zod";

/**
 * Demo accounts the reference service seeds on an empty database. The service writes them to
 * `<data dir>/demo-credentials.json` (mode 0600) because keys are stored only as digests.
 */
export const DEMO_ACCOUNT_IDS = [
  "master-admin",
  "sub-user",
  "beneficiary",
  "sandbox",
  "dealer",
  "pilot-sandbox",
  "pilot-production",
] as const;
export const demoAccount = z.strictObject({
  id: z.enum(DEMO_ACCOUNT_IDS),
  label: z.string(),
  description: z.string(),
  clientId: z.string(),
  apiKey: z.string(),
  environment: z.enum(["production", "sandbox"]),
  /** Intelligence pilot accounts: the service's own sign-in for the first-party session. */
  pilotSignIn: z.strictObject({ login: z.string(), password: z.string() }).optional(),
});
export const demoCredentials = z.strictObject({
  createdAt: z.string(),
  accounts: z.array(demoAccount),
});
export type DemoAccount = z.infer<typeof demoAccount>;
export type DemoCredentials = z.infer<typeof demoCredentials>;
export const DEMO_CREDENTIALS_FILE = "demo-credentials.json";
