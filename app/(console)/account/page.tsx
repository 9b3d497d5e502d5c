import type { Metadata } from "next";
import { Card, PageHeader } from "@/components/ui/card";
import { Facts } from "@/components/ui/facts";
import { requirePageSession } from "@/lib/auth/guards";
import { ROLE_WORDS } from "@/lib/auth/roles";
import { formatDateTime } from "@/lib/format";
import { deviceInWords } from "@/lib/http/request-origin";
import { organizationsOf } from "@/lib/people/organizations";
import { passkeysOf } from "@/lib/people/passkeys";
import { hasTotp, sessionsOf } from "@/lib/people/people";
import { OwnSessions, Passkeys, SwitchOrganization } from "./_components/account-panels";

export const metadata: Metadata = { title: "Your sign-in" };

/** A person's own sign-in: the organizations they belong to, and their sessions. */
export default async function AccountPage() {
  const { session } = await requirePageSession();
  if (session.actor.kind !== "person")
    return (
      <>
        <PageHeader title="Your sign-in" />
        <Card>
          <p className="text-sm">
            This page is for people who sign in as themselves; this session signed in with the
            Client&apos;s key. Its owner invites people on the Organization and people page.
          </p>
        </Card>
      </>
    );
  const [orgs, sessions, keys, codes] = await Promise.all([
    organizationsOf(session.actor.personId),
    // A session a provider signed in sees the person's sessions in its organization only.
    sessionsOf(session.actor.personId, session.ssoOrganizationId ?? undefined),
    passkeysOf(session.actor.personId),
    hasTotp(session.actor.personId),
  ]);
  return (
    <>
      <PageHeader
        title="Your sign-in"
        description="The organizations you belong to, and where you are signed in."
      />
      <div className="space-y-6">
        <Card title={session.actor.name}>
          <Facts
            facts={[
              ["Email address", session.actor.email],
              [
                "Signs in with",
                [
                  keys.length ? `${keys.length} passkey${keys.length === 1 ? "" : "s"}` : null,
                  codes ? "password and authenticator app" : null,
                ]
                  .filter(Boolean)
                  .join(", ") || "nothing yet",
              ],
            ]}
          />
        </Card>
        <Card title="Passkeys">
          <Passkeys
            passkeys={keys.map((k) => ({
              id: k.id,
              name: k.name,
              created: formatDateTime(k.createdAt),
              lastUse: k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "never",
            }))}
          />
        </Card>
        <Card title="Your organizations">
          <SwitchOrganization
            active={session.organizationId}
            organizations={orgs.map((o) => ({
              id: o.id,
              name: o.name,
              detail: `${ROLE_WORDS[o.role].name} · ${o.clientId} · ${o.environment}`,
            }))}
          />
        </Card>
        <Card title="Your sessions">
          <OwnSessions
            current={session.idHash}
            sessions={sessions.map((s) => ({
              id: s.idHash,
              device: deviceInWords(s.device),
              place: s.sourceAddress ?? "unknown",
              organization: s.organizationName ?? "—",
              started: formatDateTime(s.createdAt),
              lastUse: formatDateTime(s.lastSeenAt),
            }))}
          />
        </Card>
      </div>
    </>
  );
}
