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
  admitInvitedMember,
  connectOrganization,
  endSessionsOf,
  membersOf,
  organizationKey,
  organizationsOf,
  ownerCount,
  removeMember,
  roleOf,
  wasRemoved,
} from "./organizations";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { claimTotpCode, createPerson, credentialsOf, personByEmail } from "./people";
import {
  admitAttempt,
  attempt,
  BOUNDS,
  failuresOf,
  settleAttempt,
  WINDOW_SECONDS,
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
    // Removed stays removed for a single sign-on (addMember), until an invitation.
    expect(await wasRemoved(org.id, operator.person.id)).toBe(true);
    await addMember(org.id, operator.person.id, "viewer");
    expect(await roleOf(org.id, operator.person.id)).toBeUndefined();
    expect((await membersOf(org.id)).map((m) => m.role)).toEqual(["owner"]);
    await admitInvitedMember(org.id, operator.person.id, "viewer");
    expect(await roleOf(org.id, operator.person.id)).toBe("viewer");
    // An invitation never changes an existing member's role.
    await admitInvitedMember(org.id, owner.person.id, "viewer");
    expect(await roleOf(org.id, owner.person.id)).toBe("owner");
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
  const wrong = async () => undefined;

  it("checks at most the bound of 20 parallel wrong passwords for one address, and says how long", async () => {
    const what = { surface: "password" as const, account: address(), source: "192.0.2.10" };
    let checked = 0;
    const slowWrong = async () => {
      checked++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return undefined;
    };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => attempt(what, slowWrong)));
    expect(checked).toBeLessThanOrEqual(BOUNDS.signIn.accountAtSource);
    expect(outcomes.filter((o) => o.kind === "wrong")).toHaveLength(checked);
    const waits = outcomes.flatMap((o) => (o.kind === "wait" ? [o.waitSeconds] : []));
    expect(waits).toHaveLength(20 - checked);
    for (const wait of waits) {
      expect(wait).toBeGreaterThan(WINDOW_SECONDS - 10);
      expect(wait).toBeLessThanOrEqual(WINDOW_SECONDS);
    }
    // Parallel attempts may hold each other back (a pending one counts): one by one, the bound
    // is reached exactly, and then the right password is not checked either.
    while ((await attempt(what, slowWrong)).kind === "wrong");
    expect(checked).toBe(BOUNDS.signIn.accountAtSource);
    expect((await attempt(what, async () => "right")).kind).toBe("wait");
  });

  it("never locks the address out from another source", async () => {
    const account = address();
    for (let i = 0; i < 30; i++)
      await attempt({ surface: "password", account, source: "192.0.2.20" }, wrong);
    const elsewhere = await attempt(
      { surface: "password", account, source: "192.0.2.21" },
      async () => "right",
    );
    expect(elsewhere).toEqual({ kind: "right", value: "right" });
  });

  it("never locks a person out of the source they signed in from, however many sources guess", async () => {
    const account = address();
    const home = { surface: "password" as const, account, source: "203.0.113.50" };
    expect((await attempt(home, async () => "right")).kind).toBe("right");
    for (let i = 0; i < 20; i++)
      for (let j = 0; j < BOUNDS.signIn.accountAtSource; j++)
        await attempt({ ...home, source: `198.51.100.${i + 100}` }, wrong);
    // A new source waits (the address's bound across sources); the person's own does not.
    expect((await attempt({ ...home, source: "192.0.2.99" }, wrong)).kind).toBe("wait");
    expect((await attempt(home, async () => "right")).kind).toBe("right");
    // IPv6 callers count by their /64: new last bits make no new source.
    const six = { surface: "password" as const, account: address(), source: "2001:db8:7:7::1" };
    for (let i = 0; i < BOUNDS.signIn.accountAtSource; i++)
      await attempt({ ...six, source: `2001:db8:7:7::${i + 10}` }, wrong);
    expect((await attempt({ ...six, source: "2001:db8:7:7:ffff::1" }, wrong)).kind).toBe("wait");
  });

  it("stops a source that tries many addresses", async () => {
    const source = "198.51.100.7";
    for (let i = 0; i < BOUNDS.signIn.source; i++)
      await attempt({ surface: "password", account: address(), source }, wrong);
    const next = await attempt({ surface: "password", account: address(), source }, wrong);
    expect(next.kind).toBe("wait");
  });

  it("counts a person's step-ups wherever they come from, and forgets attempts past the window", async () => {
    const person = { surface: "step_up" as const, account: "person-1" };
    const long = new Date(Date.now() - (WINDOW_SECONDS + 60) * 1000);
    for (let i = 0; i < BOUNDS.stepUp.account; i++) {
      const old = await admitAttempt({ ...person, source: `203.0.113.${i}` }, long);
      expect(old.admitted).toBe(true);
      if (old.admitted) await settleAttempt(old.id, "failed");
    }
    expect(await failuresOf(person)).toBe(0);
    for (let i = 0; i < BOUNDS.stepUp.account; i++)
      expect((await attempt({ ...person, source: `203.0.113.${i}` }, wrong)).kind).toBe("wrong");
    expect(await failuresOf(person)).toBe(BOUNDS.stepUp.account);
    expect((await attempt({ ...person, source: "203.0.113.99" }, wrong)).kind).toBe("wait");
    // A person's step-ups and a sign-in with the same text as an address are counted apart.
    expect(
      (await attempt({ surface: "password", account: "person-1", source: "203.0.113.1" }, wrong))
        .kind,
    ).toBe("wrong");
  });
});
