import "server-only";
import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { and, asc, eq, isNotNull, ne } from "drizzle-orm";
import { consoleConfig } from "@/lib/config/console-env";
import { getStore } from "@/lib/store/db";
import { organizations, ssoDomains } from "@/lib/store/schema";
import { postgresErrorCode, UNIQUE_VIOLATION } from "@/lib/db/postgres-errors";

/**
 * The email domains an organization's single sign-on vouches for. An organization claims a
 * domain and proves it controls it by publishing a token in the domain's DNS (a TXT record at
 * `_vpmi-console.<domain>`), read with the system's resolver (or `CONSOLE_DNS_SERVERS`). One
 * domain is verified for one organization at a time: a later claim takes it only once the
 * earlier organization's token is gone from DNS.
 */
export const RECORD_PREFIX = "_vpmi-console";
const VALUE_PREFIX = "vpmi-console-verification=";

export const recordName = (domain: string) => `${RECORD_PREFIX}.${domain}`;
export const recordValue = (token: string) => `${VALUE_PREFIX}${token}`;

/** A domain as one name: lower case, IDN in its ASCII form; undefined when it is no domain name. */
export function normalDomain(input: string): string | undefined {
  const text = input.trim().toLowerCase().replace(/\.$/, "");
  if (!text || text.length > 253 || /[/@:\s?#[\]]/.test(text)) return undefined;
  let host: string;
  try {
    host = new URL(`http://${text}`).hostname;
  } catch {
    return undefined;
  }
  const labels = host.split(".");
  const valid =
    labels.length >= 2 &&
    labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) &&
    !/^\d+$/.test(labels.at(-1)!);
  return valid ? host : undefined;
}

export interface DomainClaim {
  domain: string;
  token: string;
  recordName: string;
  recordValue: string;
  verifiedAt: Date | null;
  createdAt: Date;
}

const asClaim = (row: {
  domain: string;
  token: string;
  verifiedAt: Date | null;
  createdAt: Date;
}) => ({
  ...row,
  recordName: recordName(row.domain),
  recordValue: recordValue(row.token),
});

export async function claimsOf(organizationId: string): Promise<DomainClaim[]> {
  const db = await getStore();
  const rows = await db
    .select({
      domain: ssoDomains.domain,
      token: ssoDomains.token,
      verifiedAt: ssoDomains.verifiedAt,
      createdAt: ssoDomains.createdAt,
    })
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, organizationId))
    .orderBy(asc(ssoDomains.domain));
  return rows.map(asClaim);
}

/** A claim of a domain by an organization, with the token its DNS must carry (kept if claimed before). */
export async function claimDomain(organizationId: string, domain: string): Promise<DomainClaim> {
  const db = await getStore();
  await db
    .insert(ssoDomains)
    .values({ organizationId, domain, token: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain)));
  return asClaim(row!);
}

export async function removeClaim(organizationId: string, domain: string) {
  const db = await getStore();
  await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain)));
}

function resolver(): Resolver {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  const servers = consoleConfig().CONSOLE_DNS_SERVERS;
  if (servers) resolver.setServers(servers);
  return resolver;
}

/** The verification values a domain's record carries now; undefined when DNS did not answer. */
async function publishedTokens(domain: string): Promise<Set<string> | undefined> {
  try {
    const records = await resolver().resolveTxt(recordName(domain));
    return new Set(
      records
        .map((chunks) => chunks.join(""))
        .filter((v) => v.startsWith(VALUE_PREFIX))
        .map((v) => v.slice(VALUE_PREFIX.length)),
    );
  } catch (error) {
    const code = (error as { code?: string }).code;
    // No such name, or no TXT record there: an answer, and it carries no token.
    if (code === "ENOTFOUND" || code === "ENODATA") return new Set();
    return undefined;
  }
}

export type Verification =
  | { ok: true }
  | { ok: false; reason: "not_claimed" | "dns_unreachable" | "record_missing" | "held_elsewhere" };

/**
 * Checks an organization's claim against DNS now. Verified, the domain is this organization's
 * alone: another organization's verification of it lapses only when its own token is gone from
 * DNS (the domain's owner chose), and the store's unique index settles two at the same moment.
 */
export async function verifyClaim(
  organizationId: string,
  domain: string,
  now = new Date(),
): Promise<Verification> {
  const db = await getStore();
  const [claim] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain)));
  if (!claim) return { ok: false, reason: "not_claimed" };
  const published = await publishedTokens(domain);
  if (!published) return { ok: false, reason: "dns_unreachable" };
  if (!published.has(claim.token)) {
    // The domain's owner took the record away: the claim no longer counts.
    if (claim.verifiedAt)
      await db
        .update(ssoDomains)
        .set({ verifiedAt: null })
        .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain)));
    return { ok: false, reason: "record_missing" };
  }
  return db
    .transaction(async (tx) => {
      const [holder] = await tx
        .select({ organizationId: ssoDomains.organizationId, token: ssoDomains.token })
        .from(ssoDomains)
        .where(
          and(
            eq(ssoDomains.domain, domain),
            isNotNull(ssoDomains.verifiedAt),
            ne(ssoDomains.organizationId, organizationId),
          ),
        )
        .for("update");
      if (holder) {
        if (published.has(holder.token)) return { ok: false, reason: "held_elsewhere" } as const;
        await tx
          .update(ssoDomains)
          .set({ verifiedAt: null })
          .where(
            and(
              eq(ssoDomains.organizationId, holder.organizationId),
              eq(ssoDomains.domain, domain),
            ),
          );
      }
      await tx
        .update(ssoDomains)
        .set({ verifiedAt: now })
        .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain)));
      return { ok: true } as const;
    })
    .catch((error: unknown) => {
      // Another organization's verification of the same domain committed first.
      if (postgresErrorCode(error) === UNIQUE_VIOLATION)
        return { ok: false, reason: "held_elsewhere" } as const;
      throw error;
    });
}

/** The organization a verified domain belongs to, with its name. */
export async function organizationOfDomain(
  domain: string,
): Promise<{ id: string; name: string } | undefined> {
  const db = await getStore();
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(ssoDomains)
    .innerJoin(organizations, eq(organizations.id, ssoDomains.organizationId))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  return row;
}

/**
 * The domain of an email address as one name, when the address has exactly one `@`, a local part
 * and a domain name after it; undefined otherwise (`a@b@c`, `@b`, `a@`, a bare word).
 */
export function domainOfAddress(email: string): string | undefined {
  const parts = email.trim().split("@");
  if (parts.length !== 2 || !parts[0]) return undefined;
  return normalDomain(parts[1]!);
}

/** Whether an organization's single sign-on vouches for an email address's domain now. */
export async function vouchesFor(organizationId: string, email: string): Promise<boolean> {
  const domain = domainOfAddress(email);
  if (!domain) return false;
  return (await organizationOfDomain(domain))?.id === organizationId;
}
