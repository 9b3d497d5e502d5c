import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { controlsServe } from "@/lib/api/sandbox-controls-client";
import { requirePageSession } from "@/lib/auth/guards";
import { navFor } from "@/lib/navigation";
import { signOut } from "../(auth)/sign-in/actions";
import { StepUpProvider } from "@/components/forms/step-up-provider";
import { QueryProvider } from "../query-provider";
import {
  confirmStepUpAction,
  confirmStepUpWithPasskeyAction,
  stepUpPasskeyOptionsAction,
} from "./actions";
import { ConsoleNav } from "./_components/console-nav";
import { UsageBanner } from "./_components/usage-banner";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { session, sandbox } = await requirePageSession();
  const service = {
    sandbox: session.isMaster && controlsServe(await sandbox.index(), session.environment),
  };
  const t = await getTranslations("layout.header");
  const roles = await getTranslations("roles");
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <span className="font-semibold">{t("console")}</span>
            <Badge
              tone={
                session.environment === "sandbox"
                  ? "amber"
                  : session.environment === "production"
                    ? "green"
                    : "neutral"
              }
            >
              {t(`environment.${session.environment}`)}
            </Badge>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-3 text-sm">
            <span data-testid="signed-in-person" className="min-w-0">
              {session.actor.kind === "person" ? (
                <Link href="/account" className="underline">
                  {t("person", {
                    name: session.actor.name,
                    role: roles(`${session.role}.lower`),
                  })}
                </Link>
              ) : (
                t("signedInWithKey")
              )}
            </span>
            <span data-testid="signed-in-client" className="min-w-0 break-all">
              {session.accountLabel ?? t("client")} · <code>{session.clientId}</code> ·{" "}
              {session.isMaster ? t("master") : t("subUser")}
            </span>
            <form action={signOut}>
              <Button type="submit" variant="secondary">
                {t("signOut")}
              </Button>
            </form>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-2 sm:px-6">
          <ConsoleNav groups={navFor(session, service)} />
        </div>
      </header>
      <UsageBanner clientId={session.clientId} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <QueryProvider>
          <StepUpProvider
            confirm={confirmStepUpAction}
            passkey={{ begin: stepUpPasskeyOptionsAction, finish: confirmStepUpWithPasskeyAction }}
          >
            {children}
          </StepUpProvider>
        </QueryProvider>
      </main>
    </>
  );
}
