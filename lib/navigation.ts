import { type OperationId } from "@/lib/api/contract/operations";
import { mayCall, mayDo, type Rights } from "@/lib/auth/rights";
import { type ConsoleDuty } from "@/lib/auth/roles";

type NavItem = {
  href: string;
  label: string;
  operation?: OperationId;
  /** A console action the section is for: hidden from roles that may not take it. */
  duty?: ConsoleDuty;
  /** Shown to people signed in as themselves only. */
  person?: true;
  /** Shown to Masters only, and only where the service offers the reference service's sandbox controls. */
  sandbox?: true;
};

/**
 * The console's sections in the groups people look for them in, each item with the operation it
 * is built on: a section whose operation is Master-only is hidden from Sub-users, and one whose
 * operation or console action the session's role does not allow is hidden from it (both are
 * refused on the server too). The overview stands alone.
 */
const GROUPS = [
  { label: "Start", items: [{ href: "/", label: "Overview" }] },
  {
    label: "Vehicles and parts",
    items: [
      { href: "/vin", label: "VIN lookup", operation: "createVinRedirectSession" },
      { href: "/vehicles", label: "Vehicles", operation: "getVehicleByVin" },
      { href: "/parts", label: "Parts (OE)", operation: "getOePart" },
      { href: "/catalogue", label: "VDI and translation", operation: "getVdiCatalog" },
      { href: "/recalls", label: "Recalls", operation: "matchPartRecalls" },
      { href: "/scanner", label: "Scanner", operation: "extractRegistrationDocument" },
      { href: "/vision", label: "Vision", operation: "describeDamage" },
      { href: "/intelligence", label: "Intelligence", operation: "resolvePartIntelligence" },
      { href: "/jobs", label: "Jobs" },
    ],
  },
  {
    label: "Account and billing",
    items: [
      { href: "/usage", label: "Usage and credit", operation: "getClientUsage" },
      { href: "/sub-users", label: "Sub-users", operation: "listClientUsers" },
      { href: "/grants", label: "Issued grants", operation: "listSponsorshipGrants" },
      {
        href: "/received-grants",
        label: "Received grants",
        operation: "listReceivedSponsorshipGrants",
      },
      { href: "/workspaces", label: "Partner workspaces", operation: "createPartnerWorkspace" },
      { href: "/audit", label: "Audit log" },
    ],
  },
  {
    label: "People and access",
    items: [
      { href: "/organization", label: "Organization and people" },
      { href: "/account", label: "Your sign-in", person: true },
    ],
  },
  {
    label: "Developers",
    items: [
      { href: "/agent", label: "Agent access", duty: "connectAgent" },
      { href: "/requests", label: "Request log" },
      { href: "/sandbox", label: "Sandbox", sandbox: true, duty: "useSandboxControls" },
    ],
  },
] as const satisfies readonly { label: string; items: readonly NavItem[] }[];

/** A section's address: a page gate names one of these, so a mistyped address does not compile. */
export type NavHref = (typeof GROUPS)[number]["items"][number]["href"];

export const NAV_GROUPS: readonly {
  label: string;
  items: readonly (NavItem & { href: NavHref })[];
}[] = GROUPS;

/** Every section, in the order of the groups. */
export const NAV_ITEMS: readonly (NavItem & { href: NavHref })[] = NAV_GROUPS.flatMap(
  (g) => g.items,
);

/** The groups a session sees, each with the sections it may open; a group left empty is dropped. */
export function navFor(
  session: Rights & { actor: { kind: "key" | "person" } },
  service: { sandbox: boolean },
) {
  return NAV_GROUPS.map((group) => ({
    label: group.label,
    items: group.items
      .filter(
        (item) =>
          (!item.operation || mayCall(session, item.operation)) &&
          (!item.duty || mayDo(session, item.duty)) &&
          (!item.person || session.actor.kind === "person") &&
          (!item.sandbox || (session.isMaster && service.sandbox)),
      )
      .map(({ href, label }) => ({ href, label })),
  })).filter((group) => group.items.length > 0);
}
