import { Badge } from "@/components/ui/badge";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { formatDateTime } from "@/lib/format";

export function GrantStatus({ grant }: { grant: SponsorshipGrant }) {
  if (grant.revokedAt) return <Badge tone="red">revoked</Badge>;
  if (!grant.active) return <Badge>ended</Badge>;
  return <Badge tone="green">active</Badge>;
}

export function GrantWindow({ grant }: { grant: SponsorshipGrant }) {
  if (!grant.startsAt && !grant.endsAt) return <>open-ended</>;
  return (
    <>
      {grant.startsAt ? formatDateTime(grant.startsAt) : "from issue"} →{" "}
      {grant.endsAt ? formatDateTime(grant.endsAt) : "no end"}
    </>
  );
}

export function BillingModeBadge({ mode }: { mode: SponsorshipGrant["billingMode"] }) {
  if (!mode) return <>—</>;
  return mode === "partner" ? <Badge tone="blue">sponsor&apos;s terms</Badge> : <Badge>own</Badge>;
}
