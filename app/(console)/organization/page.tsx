import type { Metadata } from "next";
import { Card, PageHeader } from "@/components/ui/card";
import { Facts } from "@/components/ui/facts";
import { requirePageSession } from "@/lib/auth/guards";
import { mayDo } from "@/lib/auth/rights";
import { ROLE_WORDS } from "@/lib/auth/roles";
import { formatDateTime } from "@/lib/format";
import { INVITATION_DAYS, openInvitations } from "@/lib/people/invitations";
import { findOrganization, membersOf, ownerCount } from "@/lib/people/organizations";
import { newTotpSecret, totpUri } from "@/lib/people/totp";
import { BecomeOwner } from "./_components/become-owner";
import { Invitations } from "./_components/invitations";
import { Members } from "./_components/members";
import { OwnerSettings } from "./_components/owner-settings";
import { SingleSignOn } from "./_components/single-sign-on";
import { callbackUrl, providerOf } from "@/lib/people/single-sign-on";

export const metadata: Metadata = { title: "Organization and people" };

export default async function OrganizationPage() {
  const { session } = await requirePageSession();
  const org = session.organizationId ? await findOrganization(session.organizationId) : undefined;
  if (!org)
    return (
      <>
        <PageHeader title="Organization and people" />
        <Card>
          <p className="text-sm">
            This session started before the Client was connected to the console. Sign out and sign
            in with the key again to connect it.
          </p>
        </Card>
      </>
    );
  const [members, invitations, owners, provider] = await Promise.all([
    membersOf(org.id),
    openInvitations(org.id),
    ownerCount(org.id),
    providerOf(org.id),
  ]);
  const managesPeople = mayDo(session, "managePeople");
  const secret = newTotpSecret();
  return (
    <>
      <PageHeader
        title="Organization and people"
        description="Who signs in to this Client's console, in which role. People act with the key kept here, never with a key of their own."
      />
      <div className="space-y-6">
        <Card title={org.name}>
          <Facts
            facts={[
              ["Client", <code key="c">{org.clientId}</code>],
              ["Kind", org.isMaster ? "Master client" : "Sub-user"],
              ["Environment", org.environment],
              ["Connected", formatDateTime(org.createdAt)],
              [
                "Stored key",
                org.keyReplacedAt
                  ? `replaced ${formatDateTime(org.keyReplacedAt)}`
                  : "the key it was connected with",
              ],
              [
                "Key sign-in",
                org.keySignIn
                  ? "On: whoever holds the Client's key can sign in with it."
                  : "Off: people sign in as themselves.",
                "key-sign-in-state",
              ],
              [
                "You",
                session.actor.kind === "person"
                  ? `${session.actor.name} (${session.actor.email}), ${ROLE_WORDS[session.role].name.toLowerCase()}`
                  : "signed in with the Client's key",
              ],
            ]}
          />
        </Card>
        {session.actor.kind === "key" && owners === 0 ? (
          <Card title="Become this organization's owner">
            <BecomeOwner secret={secret} uri={totpUri(secret, org.name)} />
          </Card>
        ) : null}
        <Card title="People">
          <Members
            members={members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() }))}
            manage={managesPeople}
            viewerIsOwner={session.role === "owner"}
            selfId={session.actor.kind === "person" ? session.actor.personId : null}
          />
        </Card>
        {managesPeople ? (
          <Card title="Invitations">
            <Invitations
              open={invitations.map((i) => ({
                id: i.id,
                email: i.email,
                role: i.role,
                expiresAt: i.expiresAt.toISOString(),
              }))}
              days={INVITATION_DAYS}
              viewerIsOwner={session.role === "owner"}
            />
          </Card>
        ) : null}
        {mayDo(session, "configureSingleSignOn") ? (
          <Card title="Single sign-on">
            <SingleSignOn
              current={
                provider
                  ? {
                      issuer: provider.issuer,
                      clientId: provider.clientId,
                      allowedDomain: provider.allowedDomain,
                      defaultRole: provider.defaultRole,
                    }
                  : null
              }
              redirectUri={callbackUrl()}
            />
          </Card>
        ) : null}
        {mayDo(session, "manageOrganization") && session.actor.kind === "person" ? (
          <Card title="Owner's settings">
            <OwnerSettings keySignIn={org.keySignIn} clientId={org.clientId} />
          </Card>
        ) : null}
      </div>
    </>
  );
}
