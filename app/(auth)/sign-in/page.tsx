import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { type Messages } from "next-intl";
import { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { readSession } from "@/lib/auth/session";
import { listDemoAccounts, listDemoPeople } from "@/lib/demo/console-demo-accounts";
import { signInAsDemo, signInAsDemoPerson } from "./actions";
import { PasskeySignIn } from "./_components/passkey-sign-in";
import { SingleSignOnForm } from "./_components/single-sign-on-form";
import { PasswordSignInForm } from "./_components/password-sign-in-form";
import { DemoSignIn } from "./_components/demo-sign-in";
import { SignInForm } from "./_components/sign-in-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("signIn"))("title") };
}

/** Keyed by the address's `reason` value: a `Map`, so no name finds anything but these. */
const REASONS = new Map<string, { tone: "info" | "warning"; message: ReasonKey }>([
  ["expired", { tone: "warning", message: "expired" }],
  ["ended", { tone: "warning", message: "ended" }],
  ["confirmations", { tone: "warning", message: "confirmations" }],
  ["sso-removed", { tone: "warning", message: "ssoRemoved" }],
  ["sso-browser", { tone: "warning", message: "ssoBrowser" }],
  ["sso-expired", { tone: "warning", message: "ssoExpired" }],
  ["sso-refused", { tone: "warning", message: "ssoRefused" }],
  ["sso-email", { tone: "warning", message: "ssoEmail" }],
  ["sso-domain", { tone: "warning", message: "ssoDomain" }],
  ["signed-out", { tone: "info", message: "signedOut" }],
]);
type ReasonKey = keyof Messages["signIn"]["reasons"];

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
  const t = await getTranslations("signIn");
  const roles = await getTranslations("roles");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-lg px-6 py-12">
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      {notice ? (
        <Alert tone={notice.tone} className="mt-4">
          {t(`reasons.${notice.message}`)}
        </Alert>
      ) : null}
      <section aria-labelledby="person-heading" className="mt-6">
        <h2 id="person-heading" className="text-base font-semibold">
          {t("person.heading")}
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">{t("person.intro")}</p>
        <PasskeySignIn />
        <div className="mt-4">
          <SingleSignOnForm />
        </div>
        <details className="mt-4">
          <summary className="cursor-pointer text-sm text-brand-700 underline">
            {t("person.passwordInstead")}
          </summary>
          <div className="mt-3">
            <PasswordSignInForm />
          </div>
        </details>
      </section>
      <section aria-labelledby="key-heading" className="mt-8 border-t border-slate-200 pt-6">
        <h2 id="key-heading" className="text-base font-semibold">
          {t("key.heading")}
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">{t("key.intro")}</p>
        <SignInForm />
      </section>
      {people.length > 0 ? (
        <DemoSignIn
          id="demo-people"
          heading={t("demo.peopleHeading")}
          intro={t("demo.peopleIntro")}
          choices={people.map((p) => ({
            id: p.key,
            name: p.name,
            description: t("demo.personDescription", {
              role: roles(`${p.role}.name`),
              organization: p.organization,
              does: roles(`${p.role}.does`),
            }),
          }))}
          signIn={signInAsDemoPerson}
        />
      ) : null}
      {accounts.length > 0 ? (
        <DemoSignIn
          id="demo-accounts"
          heading={t("demo.accountsHeading")}
          intro={t("demo.accountsIntro")}
          choices={accounts.map((a) => ({
            id: a.id,
            name: a.label,
            // The seeded accounts in the page's language; another's as the service describes it.
            description: t.has(`demo.accounts.${a.id}`)
              ? t(`demo.accounts.${a.id}` as "demo.accounts.dealer")
              : a.description,
          }))}
          signIn={signInAsDemo}
        />
      ) : null}
    </main>
  );
}
