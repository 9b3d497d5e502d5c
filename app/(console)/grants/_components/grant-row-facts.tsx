import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { formatDateTime } from "@/lib/format";

export function GrantStatus({ grant }: { grant: SponsorshipGrant }) {
  const t = useTranslations("grants.status");
  if (grant.revokedAt) return <Badge tone="red">{t("revoked")}</Badge>;
  if (!grant.active) return <Badge>{t("ended")}</Badge>;
  return <Badge tone="green">{t("active")}</Badge>;
}

export function GrantWindow({ grant }: { grant: SponsorshipGrant }) {
  const t = useTranslations("grants.window");
  if (!grant.startsAt && !grant.endsAt) return <>{t("openEnded")}</>;
  return (
    <>
      {grant.startsAt ? formatDateTime(grant.startsAt) : t("fromIssue")} →{" "}
      {grant.endsAt ? formatDateTime(grant.endsAt) : t("noEnd")}
    </>
  );
}

export function BillingModeBadge({ mode }: { mode: SponsorshipGrant["billingMode"] }) {
  const t = useTranslations("grants.billingMode");
  if (!mode) return <>—</>;
  return mode === "partner" ? <Badge tone="blue">{t("partner")}</Badge> : <Badge>{t("own")}</Badge>;
}
