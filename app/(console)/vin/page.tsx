import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { isLoopbackHost } from "@/lib/api/contract/vin";
import { VinForm } from "@/components/operations/vin-form";
import { requirePageSession } from "@/lib/auth/guards";
import { consoleConfig } from "@/lib/config/console-env";
import { StartVinFlow } from "./_components/start-vin-flow";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("vin"))("title") };
}

/** Keyed by the address's `refused` value: a `Map`, so no name finds anything but these. */
const REFUSALS = new Map(
  (["missing", "malformed", "forged", "reused", "expired"] as const).map((r) => [r, r]),
);

export default async function VinPage({
  searchParams,
}: {
  searchParams: Promise<{ refused?: string }>;
}) {
  const { session } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/vin");
  if (notOffered) return notOffered;
  const { refused } = await searchParams;
  const t = await getTranslations("vin");
  const publicUrl = new URL(consoleConfig().CONSOLE_PUBLIC_URL);
  // The service accepts a plain-http return address only for loopback hosts with a sandbox key.
  const disabledReason =
    publicUrl.protocol === "https:" ||
    (isLoopbackHost(publicUrl.hostname) && session.environment === "sandbox")
      ? null
      : t("disabled", { origin: publicUrl.origin });
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {refused ? (
        <Alert tone="danger" title={t("refusedTitle")} className="mb-6">
          {t(`refusals.${REFUSALS.get(String(refused) as "missing") ?? "malformed"}`)}
        </Alert>
      ) : null}
      <Card title={t("guided")}>
        <StartVinFlow disabledReason={disabledReason} />
      </Card>
      <Card title={t("direct")} className="mt-6">
        <p className="mb-3 text-sm text-slate-600">{t("directIntro")}</p>
        <VinForm action="/vehicles" label={t("directLabel")} submitLabel={t("directSubmit")} />
      </Card>
    </>
  );
}
