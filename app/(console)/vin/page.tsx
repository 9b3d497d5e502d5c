import type { Metadata } from "next";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { isLoopbackHost } from "@/lib/api/contract/vin";
import { VinForm } from "@/components/operations/vin-form";
import { requirePageSession } from "@/lib/auth/guards";
import { consoleConfig } from "@/lib/config/console-env";
import { StartVinFlow } from "./_components/start-vin-flow";

export const metadata: Metadata = { title: "VIN lookup" };

/** Keyed by the address's `refused` value: a `Map`, so no name finds anything but these. */
const REFUSALS = new Map<string, string>([
  ["missing", "The service's answer carried no state. Nothing was loaded. Start again."],
  [
    "malformed",
    "The service's answer was not in the expected form. Nothing was loaded. Start again.",
  ],
  [
    "forged",
    "The answer's state does not belong to a lookup started in this browser session. Nothing was loaded.",
  ],
  [
    "reused",
    "This answer was already used. Each lookup can be completed once; nothing was loaded again.",
  ],
  ["expired", "This lookup has expired. Nothing was loaded. Start again."],
]);

export default async function VinPage({
  searchParams,
}: {
  searchParams: Promise<{ refused?: string }>;
}) {
  const { session } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/vin");
  if (notOffered) return notOffered;
  const { refused } = await searchParams;
  const publicUrl = new URL(consoleConfig().CONSOLE_PUBLIC_URL);
  // The service accepts a plain-http return address only for loopback hosts with a sandbox key.
  const disabledReason =
    publicUrl.protocol === "https:" ||
    (isLoopbackHost(publicUrl.hostname) && session.environment === "sandbox")
      ? null
      : `This console is served at ${publicUrl.origin}. The service sends dealers back only to HTTPS addresses, or to a loopback http address with a sandbox key. To use the guided flow with this key, the console must run on HTTPS (whoever starts it sets CONSOLE_HTTPS=1); a sandbox key works as it is.`;
  return (
    <>
      <PageHeader
        title="VIN lookup"
        description="Identify a vehicle with the service's guided page: the dealer confirms the vehicle there, and this console receives a reference to the vehicle type (svcId), never the VIN."
      />
      {refused ? (
        <Alert tone="danger" title="The lookup's answer was refused" className="mb-6">
          {REFUSALS.get(String(refused)) ?? REFUSALS.get("malformed")}
        </Alert>
      ) : null}
      <Card title="Guided identification">
        <StartVinFlow disabledReason={disabledReason} />
      </Card>
      <Card title="Direct lookup" className="mt-6">
        <p className="mb-3 text-sm text-slate-600">
          For a full VIN: the vehicle at once, without the guided page, in the vehicle workspace.
        </p>
        <VinForm action="/vehicles" label="Direct vehicle lookup" submitLabel="Look up" />
      </Card>
    </>
  );
}
