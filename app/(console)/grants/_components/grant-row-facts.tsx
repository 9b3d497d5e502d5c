import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { getFormats } from "@/lib/i18n/formats-server";

export function GrantStatus({ grant }: { grant: SponsorshipGrant }) {
  const t = useTranslations("grants.status");
  if (grant.revokedAt) return <Badge tone="red">{t("revoked")}</Badge>;
  if (!grant.active) return <Badge>{t("ended")}</Badge>;
  return <Badge tone="green">{t("active")}</Badge>;
}

export async function GrantWindow({ grant }: { grant: SponsorshipGrant }) {
  const formats = await getFormats();
  const t = await getTranslations("grants.window");
  if (!grant.startsAt && !grant.endsAt) return <>{t("openEnded")}</>;
  return (
    <>
      {grant.startsAt ? formats.dateTime(grant.startsAt) : t("fromIssue")} →{" "}
      {grant.endsAt ? formats.dateTime(grant.endsAt) : t("noEnd")}
    </>
  );
}

export function BillingModeBadge({ mode }: { mode: SponsorshipGrant["billingMode"] }) {
  const t = useTranslations("grants.billingMode");
  if (!mode) return <>—</>;
  return mode === "partner" ? <Badge tone="blue">{t("partner")}</Badge> : <Badge>{t("own")}</Badge>;
}
