import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";
import { invitationByToken } from "@/lib/people/invitations";
import { personByEmail } from "@/lib/people/people";
import { newTotpSecret, totpUri } from "@/lib/people/totp";
import {
  AcceptAsMember,
  AcceptAsNewPerson,
  AcceptWithPasskey,
} from "./_components/accept-invitation";
import { getFormats, readFormatSettings } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("invite"))("title") };
}
export const dynamic = "force-dynamic";

/** An invitation's link: who invites whom to what, and the sign-in that accepts it. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await invitationByToken(token);
  const t = await getTranslations("invite");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-lg px-6 py-12">
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      {state.kind !== "open" ? (
        <Alert tone="warning" className="mt-4" title={t("closedTitle")}>
          {t(`closed.${state.kind}`)}{" "}
          <Link className="underline" href="/sign-in">
            {t("signIn")}
          </Link>
        </Alert>
      ) : (
        <Open token={token} state={state} />
      )}
    </main>
  );
}

async function Open({
  token,
  state,
}: {
  token: string;
  state: Extract<Awaited<ReturnType<typeof invitationByToken>>, { kind: "open" }>;
}) {
  const [formats, { timeZone }] = await Promise.all([getFormats(), readFormatSettings()]);
  const { invitation, organizationName } = state;
  const existing = await personByEmail(invitation.email);
  const secret = newTotpSecret();
  const t = await getTranslations("invite");
  const roles = await getTranslations("roles");
  return (
    <div className="mt-4 space-y-6">
      <p className="text-sm" data-testid="invitation-summary">
        {t.rich("summary", {
          organization: organizationName,
          role: roles(`${invitation.role}.lower`),
          does: roles(`${invitation.role}.does`),
          email: invitation.email,
          // Named: a link opened first in a browser is read in UTC until it reports its zone.
          until: `${formats.dateTime(invitation.expiresAt)} (${timeZone})`,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      {existing ? (
        <AcceptAsMember token={token} />
      ) : (
        <>
          <AcceptWithPasskey token={token} />
          <details>
            <summary className="cursor-pointer text-sm text-brand-700 underline">
              {t("passwordInstead")}
            </summary>
            <div className="mt-3">
              <AcceptAsNewPerson
                token={token}
                secret={secret}
                uri={totpUri(secret, invitation.email)}
              />
            </div>
          </details>
        </>
      )}
    </div>
  );
}
