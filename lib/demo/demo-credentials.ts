import { createHmac } from "node:crypto";
import { Secret } from "otpauth";
import { z } from "zod";
import { isLoopbackHost } from "@/lib/api/contract/vin";

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
  /**
   * The service's own sign-in of the account: the Intelligence pilot's first-party session, and
   * the consent page of the agent endpoint's OAuth flow.
   */
  serviceSignIn: z.strictObject({ login: z.string(), password: z.string() }).optional(),
  /** The agent endpoint's OAuth machine client (client credentials), for an enabled account. */
  oauthClient: z.strictObject({ clientId: z.string(), clientSecret: z.string() }).optional(),
});
export const demoCredentials = z.strictObject({
  createdAt: z.string(),
  accounts: z.array(demoAccount),
});
export type DemoAccount = z.infer<typeof demoAccount>;
export type DemoCredentials = z.infer<typeof demoCredentials>;
export const DEMO_CREDENTIALS_FILE = "demo-credentials.json";

/** How the launchers print the demo accounts: label and key, and a pilot's sign-in. */
export function demoAccountLines(accounts: DemoAccount[], serviceUrl: string): string[] {
  const width = Math.max(...accounts.map((a) => a.label.length)) + 2;
  return accounts.flatMap((a) => [
    `${a.label.padEnd(width)}${a.apiKey}`,
    ...(a.serviceSignIn
      ? [
          `${"".padEnd(width)}service sign-in (${serviceUrl}/pilot/sign-in, OAuth consent): ${a.serviceSignIn.login} / ${a.serviceSignIn.password}`,
        ]
      : []),
    ...(a.oauthClient
      ? [
          `${"".padEnd(width)}agent endpoint ${serviceUrl}/mcp, OAuth client: ${a.oauthClient.clientId} / ${a.oauthClient.clientSecret}`,
        ]
      : []),
  ]);
}

/**
 * What the launcher says when the console offers its one-click demo accounts on an interface
 * other machines reach: anyone there can sign in as a demo Master.
 */
export function demoExposureWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return `Warning: the console listens on ${host} with the demo accounts on: anyone who reaches it can sign in as a demo account with one click. Keep HOST at 127.0.0.1 for the demo, or set SERVICE_URL to run against a real service.`;
}

/**
 * A demo person's authenticator secret, derived from their account's key: only whoever holds the
 * demo credentials file can compute their codes (the browser tests do, to confirm a step-up).
 */
export function demoPersonTotpSecret(accountKey: string, personKey: string): string {
  const bytes = createHmac("sha256", accountKey).update(`demo-person-totp:${personKey}`).digest();
  return new Secret({ buffer: Uint8Array.from(bytes.subarray(0, 20)).buffer }).base32;
}
