import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { readSession } from "@/lib/auth/session";
import { ROLE_WORDS } from "@/lib/auth/roles";
import { listDemoAccounts, listDemoPeople } from "@/lib/demo/console-demo-accounts";
import { signInAsDemo, signInAsDemoPerson } from "./actions";
import { PasskeySignIn } from "./_components/passkey-sign-in";
import { SingleSignOnForm } from "./_components/single-sign-on-form";
import { PasswordSignInForm } from "./_components/password-sign-in-form";
import { DemoSignIn } from "./_components/demo-sign-in";
import { SignInForm } from "./_components/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

/** Keyed by the address's `reason` value: a `Map`, so no name finds anything but these. */
const REASONS = new Map<string, { tone: "info" | "warning"; text: string }>([
  ["expired", { tone: "warning", text: "Your session has expired. Sign in again." }],
  [
    "ended",
    {
      tone: "warning",
      text: "Your access to that organization ended: an admin removed you or ended your sessions.",
    },
  ],
  [
    "confirmations",
    {
      tone: "warning",
      text: "Too many wrong confirmations ended your session. Sign in again as yourself.",
    },
  ],
  [
    "sso-removed",
    {
      tone: "warning",
      text: "You were removed from that organization: its single sign-on does not bring you back. Ask an admin to invite you again.",
    },
  ],
  [
    "sso-browser",
    {
      tone: "warning",
      text: "That single sign-on was started in another browser, or too long ago: start it again here.",
    },
  ],
  [
    "sso-expired",
    {
      tone: "warning",
      text: "That single sign-on took too long or was used already. Start again.",
    },
  ],
  [
    "sso-refused",
    {
      tone: "warning",
      text: "Your identity provider did not sign you in. Start again, or use a passkey.",
    },
  ],
  [
    "sso-email",
    {
      tone: "warning",
      text: "Your identity provider gave no verified email address, so you cannot be signed in.",
    },
  ],
  [
    "sso-domain",
    {
      tone: "warning",
      text: "Your address is not of a domain this organization verified for its single sign-on.",
    },
  ],
  [
    "signed-out",
    {
      tone: "info",
      text: "You are signed out. The key of that session was deleted from the console.",
    },
  ],
]);

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ reason?: string }>;
}) {
  const state = await readSession();
  if (state.kind === "active") redirect("/");
  const { reason } = await searchParams;
  const notice = reason ? REASONS.get(String(reason)) : undefined;
  const accounts = listDemoAccounts();
  const people = listDemoPeople();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-lg px-6 py-12">
      <h1 className="text-2xl font-semibold">Sign in to the service console</h1>
      {notice ? (
        <Alert tone={notice.tone} className="mt-4">
          {notice.text}
        </Alert>
      ) : null}
      <section aria-labelledby="person-heading" className="mt-6">
        <h2 id="person-heading" className="text-base font-semibold">
          Sign in as yourself
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">
          With your passkey, or with the address your invitation was sent to, your password and a
          code from your authenticator app.
        </p>
        <PasskeySignIn />
        <div className="mt-4">
          <SingleSignOnForm />
        </div>
        <details className="mt-4">
          <summary className="cursor-pointer text-sm text-brand-700 underline">
            Sign in with a password and a code instead
          </summary>
          <div className="mt-3">
            <PasswordSignInForm />
          </div>
        </details>
      </section>
      <section aria-labelledby="key-heading" className="mt-8 border-t border-slate-200 pt-6">
        <h2 id="key-heading" className="text-base font-semibold">
          Connect a Client with its key
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">
          Paste the API key of a Master client or a Sub-user. The first time, this connects the
          Client to the console: the key is kept encrypted here and its people sign in as themselves
          from then on.
        </p>
        <SignInForm />
      </section>
      {people.length > 0 ? (
        <DemoSignIn
          heading="Demo people"
          intro="Colleagues at the demo Clients, each in a role: see what each role is offered."
          choices={people.map((p) => ({
            id: p.key,
            name: p.name,
            description: `${ROLE_WORDS[p.role].name} at ${p.organization}: ${ROLE_WORDS[p.role].does}`,
          }))}
          signIn={signInAsDemoPerson}
        />
      ) : null}
      {accounts.length > 0 ? (
        <DemoSignIn
          heading="Demo accounts"
          intro="The embedded reference service seeded these accounts with synthetic data; signing in with one acts with its key."
          choices={accounts.map((a) => ({ id: a.id, name: a.label, description: a.description }))}
          signIn={signInAsDemo}
        />
      ) : null}
    </main>
  );
}
