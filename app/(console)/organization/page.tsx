import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card, PageHeader } from "@/components/ui/card";
import { Facts } from "@/components/ui/facts";
import { requirePageSession } from "@/lib/auth/guards";
import { dutyRefusal, mayDo } from "@/lib/auth/rights";
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
import { claimsOf } from "@/lib/people/domain-claims";
import { callbackUrl, providerOf } from "@/lib/people/single-sign-on";

export const metadata: Metadata = { title: "Organization and people" };

export default async function OrganizationPage() {
  const { session } = await requirePageSession();
  const org = await findOrganization(session.organizationId);
  if (!org) notFound();
  const [members, invitations, owners, provider, domains] = await Promise.all([
    membersOf(org.id),
    openInvitations(org.id),
    ownerCount(org.id),
    providerOf(org.id),
    claimsOf(org.id),
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
            makesOwners={mayDo(session, "makeOwners")}
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
              makesOwners={mayDo(session, "makeOwners")}
              ownersOnlyText={dutyRefusal(session, "makeOwners")}
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
                      defaultRole: provider.defaultRole,
                    }
                  : null
              }
              domains={domains.map((d) => ({
                domain: d.domain,
                recordName: d.recordName,
                recordValue: d.recordValue,
                verified: d.verifiedAt ? formatDateTime(d.verifiedAt) : null,
              }))}
              redirectUri={callbackUrl()}
            />
          </Card>
        ) : null}
        {mayDo(session, "manageOrganization") ? (
          <Card title="Owner's settings">
            <OwnerSettings keySignIn={org.keySignIn} clientId={org.clientId} />
          </Card>
        ) : null}
      </div>
    </>
  );
}
