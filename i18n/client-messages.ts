import type { AbstractIntlMessages } from "next-intl";

/**
 * The message namespaces client components ask for (`useTranslations` in a module a
 * `"use client"` file imports): only these travel to the browser, in every page's HTML and every
 * server action's answer. The whole catalogue there made each page six times its size.
 * `i18n/client-messages.test.ts` keeps the list equal to what the sources ask for.
 */
export const CLIENT_NAMESPACES = [
  "account.organizations",
  "account.passkeys",
  "account.preferences",
  "account.sessions",
  "agent.playground",
  "billing",
  "choices",
  "codes",
  "errors",
  "fieldErrors",
  "forms.actions",
  "forms.monthlyCap",
  "forms.stepUp",
  "grants.changes",
  "grants.form",
  "grants.revoke",
  "grants.search",
  "intelligence.cluster",
  "intelligence.forms",
  "intelligence.prices",
  "intelligence.status",
  "intelligence.vinResult",
  "invite.accept",
  "jobs",
  "keys.reveal",
  "nav",
  "operations.outcome",
  "operations.values",
  "organization.becomeOwner",
  "organization.invitations",
  "organization.members",
  "organization.ownerSettings",
  "organization.singleSignOn",
  "people.fields",
  "people.passkey",
  "people.ssoLink",
  "people.totp",
  "receivedGrants",
  "roles",
  "sandbox.clockChanges",
  "sandbox.clockPanel",
  "sandbox.faults",
  "sandbox.reset",
  "scanner",
  "signIn.demo",
  "signIn.key",
  "signIn.person",
  "signIn.singleSignOn",
  "subUsers",
  "ui.copy",
  "ui.dialog",
  "ui.filters",
  "vehicles.intake",
  "vehicles.listing",
  "vehicles.work",
  "vin.start",
  "vision",
  "workspaces.form",
] as const;

/** The catalogue cut down to `namespaces`, each dotted path kept whole where it exists. */
export function pickMessages(
  messages: AbstractIntlMessages,
  namespaces: readonly string[],
): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const namespace of namespaces) {
    const keys = namespace.split(".");
    const found = keys.reduce<AbstractIntlMessages | string | undefined>(
      (at, key) => (typeof at === "object" && Object.hasOwn(at, key) ? at[key] : undefined),
      messages,
    );
    if (found === undefined) continue;
    let into = picked;
    for (const key of keys.slice(0, -1)) into = (into[key] ??= {}) as AbstractIntlMessages;
    into[keys.at(-1)!] = found;
  }
  return picked;
}
