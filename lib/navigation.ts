import { type OperationId } from "@/lib/api/contract/operations";
import { mayCall, mayDo, type Rights } from "@/lib/auth/rights";
import { type ConsoleDuty } from "@/lib/auth/roles";

type NavItem = {
  href: string;
  /** The item's words in the "nav.items" messages (`label` is its English). */
  key: string;
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
  { key: "start", label: "Start", items: [{ href: "/", key: "overview", label: "Overview" }] },
  {
    key: "vehiclesAndParts",
    label: "Vehicles and parts",
    items: [
      { href: "/vin", key: "vin", label: "VIN lookup", operation: "createVinRedirectSession" },
      { href: "/vehicles", key: "vehicles", label: "Vehicles", operation: "getVehicleByVin" },
      { href: "/parts", key: "parts", label: "Parts (OE)", operation: "getOePart" },
      {
        href: "/catalogue",
        key: "catalogue",
        label: "VDI and translation",
        operation: "getVdiCatalog",
      },
      { href: "/recalls", key: "recalls", label: "Recalls", operation: "matchPartRecalls" },
      {
        href: "/scanner",
        key: "scanner",
        label: "Scanner",
        operation: "extractRegistrationDocument",
      },
      { href: "/vision", key: "vision", label: "Vision", operation: "describeDamage" },
      {
        href: "/intelligence",
        key: "intelligence",
        label: "Intelligence",
        operation: "resolvePartIntelligence",
      },
      { href: "/jobs", key: "jobs", label: "Jobs" },
    ],
  },
  {
    key: "accountAndBilling",
    label: "Account and billing",
    items: [
      { href: "/usage", key: "usage", label: "Usage and credit", operation: "getClientUsage" },
      { href: "/sub-users", key: "subUsers", label: "Sub-users", operation: "listClientUsers" },
      {
        href: "/grants",
        key: "grants",
        label: "Issued grants",
        operation: "listSponsorshipGrants",
      },
      {
        href: "/received-grants",
        key: "receivedGrants",
        label: "Received grants",
        operation: "listReceivedSponsorshipGrants",
      },
      {
        href: "/workspaces",
        key: "workspaces",
        label: "Partner workspaces",
        operation: "createPartnerWorkspace",
      },
      { href: "/audit", key: "audit", label: "Audit log" },
    ],
  },
  {
    key: "peopleAndAccess",
    label: "People and access",
    items: [
      { href: "/organization", key: "organization", label: "Organization and people" },
      { href: "/account", key: "account", label: "Your sign-in", person: true },
    ],
  },
  {
    key: "developers",
    label: "Developers",
    items: [
      { href: "/agent", key: "agent", label: "Agent access", duty: "connectAgent" },
      { href: "/requests", key: "requests", label: "Request log" },
      {
        href: "/sandbox",
        key: "sandbox",
        label: "Sandbox",
        sandbox: true,
        duty: "useSandboxControls",
      },
    ],
  },
] as const satisfies readonly { key: string; label: string; items: readonly NavItem[] }[];

/** A section's address: a page gate names one of these, so a mistyped address does not compile. */
export type NavHref = (typeof GROUPS)[number]["items"][number]["href"];
/** A section's key in the "nav.items" messages. */
export type NavItemKey = (typeof GROUPS)[number]["items"][number]["key"];
/** A group's key in the "nav.groups" messages. */
export type NavGroupKey = (typeof GROUPS)[number]["key"];

export const NAV_GROUPS: readonly {
  key: NavGroupKey;
  label: string;
  items: readonly (NavItem & { href: NavHref; key: NavItemKey })[];
}[] = GROUPS;

/** Every section, in the order of the groups. */
export const NAV_ITEMS: readonly (NavItem & { href: NavHref; key: NavItemKey })[] =
  NAV_GROUPS.flatMap((g) => g.items);

/** The groups a session sees, each with the sections it may open; a group left empty is dropped. */
export function navFor(
  session: Rights & { actor: { kind: "key" | "person" } },
  service: { sandbox: boolean },
) {
  return NAV_GROUPS.map((group) => ({
    key: group.key,
    label: group.label,
    items: group.items
      .filter(
        (item) =>
          (!item.operation || mayCall(session, item.operation)) &&
          (!item.duty || mayDo(session, item.duty)) &&
          (!item.person || session.actor.kind === "person") &&
          (!item.sandbox || (session.isMaster && service.sandbox)),
      )
      .map(({ href, key, label }) => ({ href, key, label })),
  })).filter((group) => group.items.length > 0);
}
