import { Link } from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/card";
import { type OperationId, OPERATIONS } from "@/lib/api/contract/operations";
import { mayCall, mayDo, type Rights } from "@/lib/auth/rights";
import { dutyRefusalIn, roleRefusalIn } from "@/lib/auth/refusal-words";
import { NAV_ITEMS, type NavHref } from "@/lib/navigation";
import { type ConsoleDuty } from "@/lib/auth/roles";
import { MasterOnly } from "./master-only";

/**
 * What a page says at an address the navigation does not offer this session: a Master's page
 * to a Sub-user, or a page the person's role does not allow, naming the roles that could.
 */
export async function NotOffered({
  session,
  operation,
  duty,
}: {
  session: Rights;
  operation?: OperationId;
  duty?: ConsoleDuty;
}) {
  const t = await getTranslations("nav.notOffered");
  if (operation && OPERATIONS[operation].masterOnly && !session.isMaster) return <MasterOnly />;
  const why =
    (operation ? await roleRefusalIn(session, operation) : undefined) ??
    (duty ? await dutyRefusalIn(session, duty) : undefined);
  return (
    <>
      <PageHeader title={t("title")} />
      <Alert tone="warning">
        {why ?? t("notOpen")}{" "}
        <Link href="/" className="underline">
          {t("back")}
        </Link>
      </Alert>
    </>
  );
}

/**
 * What a section's page shows a session whose role does not allow what the section is for (the
 * operation or console action its navigation entry names); nothing when it may open it. The
 * address is typed from the navigation; one it does not hold (cast past the type) is refused.
 */
export function notOfferedAt(session: Rights, href: NavHref) {
  const item: (typeof NAV_ITEMS)[number] | undefined = NAV_ITEMS.find((i) => i.href === href);
  if (!item) return <NotOffered session={session} />;
  if (item.operation && !mayCall(session, item.operation))
    return <NotOffered session={session} operation={item.operation} />;
  if (item.duty && !mayDo(session, item.duty))
    return <NotOffered session={session} duty={item.duty} />;
  return null;
}
