/** The console's sections; Master-only ones are hidden from Sub-users and refused to them on the server. */
export const NAV_ITEMS = [
  { href: "/", label: "Overview", masterOnly: false },
  { href: "/vin", label: "VIN lookup", masterOnly: false },
  { href: "/jobs", label: "Jobs", masterOnly: false },
  { href: "/sub-users", label: "Sub-users", masterOnly: true },
  { href: "/grants", label: "Issued grants", masterOnly: true },
  { href: "/received-grants", label: "Received grants", masterOnly: false },
  { href: "/workspaces", label: "Partner workspaces", masterOnly: true },
  { href: "/usage", label: "Usage and credit", masterOnly: false },
  { href: "/audit", label: "Audit log", masterOnly: false },
] as const;

export function navFor(isMaster: boolean) {
  return NAV_ITEMS.filter((item) => isMaster || !item.masterOnly);
}
