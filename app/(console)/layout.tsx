import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { requirePageSession } from "@/lib/auth/guards";
import { navFor } from "@/lib/navigation";
import { signOut } from "../(auth)/sign-in/actions";
import { QueryProvider } from "../query-provider";
import { ConsoleNav } from "./_components/console-nav";
import { UsageBanner } from "./_components/usage-banner";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { session } = await requirePageSession();
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-3">
          <div className="flex items-center gap-3">
            <span className="font-semibold">Service console</span>
            <Badge
              tone={
                session.environment === "sandbox"
                  ? "amber"
                  : session.environment === "production"
                    ? "green"
                    : "neutral"
              }
            >
              {session.environment === "unknown" ? "environment unknown" : session.environment}
            </Badge>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <span data-testid="signed-in-client">
              {session.accountLabel ?? "Client"} · <code>{session.clientId}</code> ·{" "}
              {session.isMaster ? "Master client" : "Sub-user"}
            </span>
            <form action={signOut}>
              <Button type="submit" variant="secondary">
                Sign out
              </Button>
            </form>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-6 pb-2">
          <ConsoleNav items={navFor(session).map(({ href, label }) => ({ href, label }))} />
        </div>
      </header>
      <UsageBanner clientId={session.clientId} />
      <main className="mx-auto max-w-6xl px-6 py-8">
        <QueryProvider>{children}</QueryProvider>
      </main>
    </>
  );
}
