import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { Card, PageHeader } from "@/components/ui/card";
import { Facts } from "@/components/ui/facts";
import { requirePageSession } from "@/lib/auth/guards";
import { mayDo } from "@/lib/auth/rights";
import { dutyRefusalIn } from "@/lib/auth/refusal-words";
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
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("organization"))("title") };
}

export default async function OrganizationPage() {
  const formats = await getFormats();
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
  const t = await getTranslations("organization");
  const roles = await getTranslations("roles");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={org.name}>
          <Facts
            facts={[
              [t("facts.client"), <code key="c">{org.clientId}</code>],
              [t("facts.kind"), org.isMaster ? t("facts.master") : t("facts.subUser")],
              [
                t("facts.environment"),
                org.environment === "production" || org.environment === "sandbox"
                  ? t(`facts.environments.${org.environment}`)
                  : org.environment,
              ],
              [t("facts.connected"), formats.dateTime(org.createdAt)],
              [
                t("facts.storedKey"),
                org.keyReplacedAt
                  ? t("facts.keyReplaced", { at: formats.dateTime(org.keyReplacedAt) })
                  : t("facts.keyOriginal"),
              ],
              [
                t("facts.keySignIn"),
                org.keySignIn ? t("facts.keySignInOn") : t("facts.keySignInOff"),
                "key-sign-in-state",
              ],
              [
                t("facts.you"),
                session.actor.kind === "person"
                  ? t("facts.person", {
                      name: session.actor.name,
                      email: session.actor.email,
                      role: roles(`${session.role}.lower`),
                    })
                  : t("facts.key"),
              ],
            ]}
          />
        </Card>
        {session.actor.kind === "key" && owners === 0 ? (
          <Card title={t("becomeOwner.title")}>
            <BecomeOwner secret={secret} uri={totpUri(secret, org.name)} />
          </Card>
        ) : null}
        <Card title={t("members.title")}>
          <Members
            members={members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() }))}
            manage={managesPeople}
            makesOwners={mayDo(session, "makeOwners")}
            selfId={session.actor.kind === "person" ? session.actor.personId : null}
          />
        </Card>
        {managesPeople ? (
          <Card title={t("invitations.title")}>
            <Invitations
              open={invitations.map((i) => ({
                id: i.id,
                email: i.email,
                role: i.role,
                expiresAt: i.expiresAt.toISOString(),
              }))}
              days={INVITATION_DAYS}
              makesOwners={mayDo(session, "makeOwners")}
              ownersOnlyText={await dutyRefusalIn(session, "makeOwners")}
            />
          </Card>
        ) : null}
        {mayDo(session, "configureSingleSignOn") ? (
          <Card title={t("singleSignOn.title")}>
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
                verified: d.verifiedAt ? formats.dateTime(d.verifiedAt) : null,
              }))}
              redirectUri={callbackUrl()}
            />
          </Card>
        ) : null}
        {mayDo(session, "manageOrganization") ? (
          <Card title={t("ownerSettings.title")}>
            <OwnerSettings keySignIn={org.keySignIn} clientId={org.clientId} />
          </Card>
        ) : null}
      </div>
    </>
  );
}
