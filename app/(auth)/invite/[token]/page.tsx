import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";
import { ROLE_WORDS } from "@/lib/auth/roles";
import { formatDateTime } from "@/lib/format";
import { invitationByToken } from "@/lib/people/invitations";
import { personByEmail } from "@/lib/people/people";
import { newTotpSecret, totpUri } from "@/lib/people/totp";
import {
  AcceptAsMember,
  AcceptAsNewPerson,
  AcceptWithPasskey,
} from "./_components/accept-invitation";

export const metadata: Metadata = { title: "Invitation" };
export const dynamic = "force-dynamic";

const CLOSED = {
  used: "This invitation was used already: each link works once.",
  revoked: "This invitation was revoked. Ask whoever invited you for a new one.",
  expired: "This invitation has expired. Ask whoever invited you for a new one.",
  unknown: "This invitation link is not known. Check that it was copied whole.",
} as const;

/** An invitation's link: who invites whom to what, and the sign-in that accepts it. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await invitationByToken(token);
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-lg px-6 py-12">
      <h1 className="text-2xl font-semibold">Invitation to the service console</h1>
      {state.kind !== "open" ? (
        <Alert tone="warning" className="mt-4" title="This link does not work">
          {CLOSED[state.kind]}{" "}
          <Link className="underline" href="/sign-in">
            Sign in
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
  const { invitation, organizationName } = state;
  const existing = await personByEmail(invitation.email);
  const secret = newTotpSecret();
  return (
    <div className="mt-4 space-y-6">
      <p className="text-sm" data-testid="invitation-summary">
        You are invited to <strong>{organizationName}</strong> as{" "}
        <strong>{ROLE_WORDS[invitation.role].name.toLowerCase()}</strong> (
        {ROLE_WORDS[invitation.role].does}), with the address <strong>{invitation.email}</strong>.
        The link works until {formatDateTime(invitation.expiresAt)}.
      </p>
      {existing ? (
        <AcceptAsMember token={token} />
      ) : (
        <>
          <AcceptWithPasskey token={token} />
          <details>
            <summary className="cursor-pointer text-sm text-brand-700 underline">
              Join with a password and an authenticator app instead
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
