import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { readSession } from "@/lib/auth/session";
import { listDemoAccounts } from "@/lib/demo/demo-accounts";
import { DemoSignIn } from "./_components/demo-sign-in";
import { SignInForm } from "./_components/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

/** Keyed by the address's `reason` value: a `Map`, so no name finds anything but these. */
const REASONS = new Map<string, { tone: "info" | "warning"; text: string }>([
  ["expired", { tone: "warning", text: "Your session has expired. Sign in again." }],
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
  const demo = listDemoAccounts();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-lg px-6 py-12">
      <h1 className="text-2xl font-semibold">Sign in to the service console</h1>
      <p className="mt-2 text-sm text-slate-600">
        Paste the API key of a Master client or a Sub-user.
      </p>
      {notice ? (
        <Alert tone={notice.tone} className="mt-4">
          {notice.text}
        </Alert>
      ) : null}
      <div className="mt-6">
        <SignInForm />
      </div>
      {demo.length > 0 ? <DemoSignIn accounts={demo} /> : null}
    </main>
  );
}
