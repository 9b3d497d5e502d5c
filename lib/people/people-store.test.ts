import { describe, expect, it } from "vitest";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import {
  claimInvitation,
  createInvitation,
  invitationByToken,
  revokeInvitation,
} from "./invitations";
import {
  addMember,
  connectOrganization,
  endSessionsOf,
  membersOf,
  organizationKey,
  organizationsOf,
  ownerCount,
  removeMember,
} from "./organizations";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { claimTotpCode, createPerson, credentialsOf, personByEmail } from "./people";
import {
  clearAccountFailures,
  recordFailedSignIn,
  THROTTLE,
  waitBeforeSignIn,
} from "./sign-in-throttle";
import { acceptedStep, newTotpSecret, totpCode } from "./totp";

consoleStoreForThisFile();

const identity = (clientId: string) => ({ clientId, isMaster: true, environment: "sandbox" });
let n = 0;
const address = () => `person${++n}@example.test`;

async function newPerson(email = address()) {
  const secret = newTotpSecret();
  const person = await createPerson({
    email,
    name: "A Person",
    password: "correct horse battery staple",
    totpSecret: secret,
  });
  return { person: person!, secret };
}

describe("passwords", () => {
  it("are stored with scrypt and checked against what was typed", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
    // No account: false, after the same work.
    expect(await verifyPassword("correct horse battery staple", null)).toBe(false);
  });

  it("refuse short, common and personal ones with a sentence", () => {
    expect(passwordProblem("short")).toMatch(/at least 12 characters/);
    expect(passwordProblem("password1234")).toMatch(/most common/);
    expect(passwordProblem("1qaz2wsx3edc")).toMatch(/most common/);
    expect(passwordProblem("olivia-and-more-words", { email: "olivia@example.test" })).toMatch(
      /address or your name/,
    );
    expect(passwordProblem("aaaaaaaaaaaaaaaa")).toBeDefined();
    expect(passwordProblem("correct horse battery staple")).toBeUndefined();
  });
});

describe("time-based codes", () => {
  it("accept the code of now and one step either side, each step once", async () => {
    const { person, secret } = await newPerson();
    const now = Date.now();
    expect(
      acceptedStep(secret, person.email, totpCode(secret, now - 30_000), null, now),
    ).toBeDefined();
    expect(
      acceptedStep(secret, person.email, totpCode(secret, now - 120_000), null, now),
    ).toBeUndefined();
    expect(acceptedStep(secret, person.email, "12345", null, now)).toBeUndefined();
    const code = totpCode(secret);
    expect(await claimTotpCode(person.id, code)).toBe(true);
    // The same code again, on any instance: refused.
    expect(await claimTotpCode(person.id, code)).toBe(false);
  });

  it("let exactly one of two parallel uses of a code through", async () => {
    const { person, secret } = await newPerson();
    const code = totpCode(secret);
    const results = await Promise.all([
      claimTotpCode(person.id, code),
      claimTotpCode(person.id, code),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe("people and organizations", () => {
  it("keep one person per address, whatever its case", async () => {
    const email = address();
    await newPerson(email);
    expect(
      await createPerson({
        email: email.toUpperCase(),
        name: "Twin",
        password: "x".repeat(12),
        totpSecret: newTotpSecret(),
      }),
    ).toBeUndefined();
    expect((await personByEmail(` ${email.toUpperCase()} `))?.email).toBe(email);
    expect((await credentialsOf(email))?.passwordHash).toMatch(/^scrypt\$/);
  });

  it("connect a Client once, keeping the first key until the owner replaces it", async () => {
    const first = await connectOrganization(identity("cl_org_a"), "svc_test_first", "Org A");
    const again = await connectOrganization(identity("cl_org_a"), "svc_test_second", "Org A");
    expect(again.id).toBe(first.id);
    expect(await organizationKey(first.id)).toBe("svc_test_first");
    expect(first.keySignIn).toBe(true);
  });

  it("list members with their roles and end a removed member's sessions", async () => {
    const org = await connectOrganization(identity("cl_org_b"), "svc_test_b", "Org B");
    const owner = await newPerson();
    const operator = await newPerson();
    await addMember(org.id, owner.person.id, "owner");
    await addMember(org.id, operator.person.id, "operator");
    expect(await ownerCount(org.id)).toBe(1);
    expect((await membersOf(org.id)).map((m) => m.role).sort()).toEqual(["operator", "owner"]);
    expect((await organizationsOf(operator.person.id)).map((o) => o.name)).toEqual(["Org B"]);
    await removeMember(org.id, operator.person.id);
    expect(await organizationsOf(operator.person.id)).toEqual([]);
    await endSessionsOf(owner.person.id);
  });
});

describe("invitations", () => {
  it("work once: a second use, even in parallel, is refused", async () => {
    const org = await connectOrganization(identity("cl_org_c"), "svc_test_c", "Org C");
    const { token } = await createInvitation({
      organizationId: org.id,
      email: "Invitee@Example.test",
      role: "viewer",
      invitedBy: null,
    });
    const state = await invitationByToken(token);
    expect(state.kind).toBe("open");
    if (state.kind === "open") expect(state.invitation.email).toBe("invitee@example.test");
    const claims = await Promise.all([claimInvitation(token), claimInvitation(token)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await invitationByToken(token)).kind).toBe("used");
    expect(await claimInvitation(token)).toBeUndefined();
  });

  it("end when revoked or after seven days", async () => {
    const org = await connectOrganization(identity("cl_org_d"), "svc_test_d", "Org D");
    const revoked = await createInvitation({
      organizationId: org.id,
      email: address(),
      role: "billing",
      invitedBy: null,
    });
    expect(await revokeInvitation(org.id, revoked.invitation.id)).toBe(true);
    expect((await invitationByToken(revoked.token)).kind).toBe("revoked");
    expect(await claimInvitation(revoked.token)).toBeUndefined();
    const old = await createInvitation({
      organizationId: org.id,
      email: address(),
      role: "billing",
      invitedBy: null,
      now: new Date(Date.now() - 8 * 86_400_000),
    });
    expect((await invitationByToken(old.token)).kind).toBe("expired");
    expect(await claimInvitation(old.token)).toBeUndefined();
    expect((await invitationByToken("not-a-token")).kind).toBe("unknown");
  });
});

describe("the sign-in throttle", () => {
  it("blocks an account after its failures, counting parallel failures, and says how long", async () => {
    const attempt = { account: address(), source: "192.0.2.10" };
    expect(await waitBeforeSignIn(attempt)).toBeUndefined();
    await Promise.all(
      Array.from({ length: THROTTLE.account.failures }, () => recordFailedSignIn(attempt)),
    );
    const wait = await waitBeforeSignIn(attempt);
    expect(wait).toBeGreaterThan(THROTTLE.account.blockSeconds - 5);
    expect(wait).toBeLessThanOrEqual(THROTTLE.account.blockSeconds);
    // Another address from elsewhere is not affected; the same address from elsewhere is.
    expect(await waitBeforeSignIn({ account: address(), source: "192.0.2.11" })).toBeUndefined();
    expect(await waitBeforeSignIn({ ...attempt, source: "192.0.2.12" })).toBeDefined();
    await clearAccountFailures(attempt.account);
    expect(await waitBeforeSignIn({ ...attempt, source: "192.0.2.12" })).toBeUndefined();
  });

  it("blocks a source address that tries many accounts", async () => {
    const source = "198.51.100.7";
    for (let i = 0; i < THROTTLE.source.failures; i++)
      await recordFailedSignIn({ account: address(), source });
    expect(await waitBeforeSignIn({ account: address(), source })).toBeDefined();
  });

  it("starts a new window once the old one is over", async () => {
    const attempt = { account: address(), source: "203.0.113.5" };
    const long = new Date(Date.now() - (THROTTLE.account.windowSeconds + 60) * 1000);
    for (let i = 0; i < THROTTLE.account.failures - 1; i++) await recordFailedSignIn(attempt, long);
    await recordFailedSignIn(attempt);
    expect(await waitBeforeSignIn(attempt)).toBeUndefined();
  });
});
