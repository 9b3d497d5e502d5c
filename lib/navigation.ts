import { type OperationId } from "@/lib/api/contract/operations";
import { mayCall } from "@/lib/auth/rights";

/**
 * The console's sections, each with the operation it is built on: a section whose operation is
 * Master-only is hidden from Sub-users (and refused to them on the server).
 */
export const NAV_ITEMS: readonly {
  href: string;
  label: string;
  operation?: OperationId;
  /** Shown to Masters only, and only where the service offers the reference service's sandbox controls. */
  sandbox?: true;
}[] = [
  { href: "/", label: "Overview" },
  { href: "/vin", label: "VIN lookup", operation: "createVinRedirectSession" },
  { href: "/jobs", label: "Jobs" },
  { href: "/vehicles", label: "Vehicles", operation: "getVehicleByVin" },
  { href: "/parts", label: "Parts (OE)", operation: "getOePart" },
  { href: "/catalogue", label: "VDI and translation", operation: "getVdiCatalog" },
  { href: "/recalls", label: "Recalls", operation: "matchPartRecalls" },
  { href: "/scanner", label: "Scanner", operation: "extractRegistrationDocument" },
  { href: "/vision", label: "Vision", operation: "describeDamage" },
  { href: "/intelligence", label: "Intelligence", operation: "resolvePartIntelligence" },
  { href: "/sub-users", label: "Sub-users", operation: "listClientUsers" },
  { href: "/grants", label: "Issued grants", operation: "listSponsorshipGrants" },
  {
    href: "/received-grants",
    label: "Received grants",
    operation: "listReceivedSponsorshipGrants",
  },
  { href: "/workspaces", label: "Partner workspaces", operation: "createPartnerWorkspace" },
  { href: "/usage", label: "Usage and credit", operation: "getClientUsage" },
  { href: "/audit", label: "Audit log" },
  { href: "/requests", label: "Request log" },
  { href: "/agent", label: "Agent access" },
  { href: "/sandbox", label: "Sandbox", sandbox: true },
];

export function navFor(session: { isMaster: boolean }, service: { sandbox: boolean }) {
  return NAV_ITEMS.filter(
    (item) =>
      (!item.operation || mayCall(session, item.operation)) &&
      (!item.sandbox || (session.isMaster && service.sandbox)),
  );
}
