import { type OperationDefinition } from "@/lib/api/contract/operations";

/**
 * What a person may do in an organization. A role is a set of the operations table's rows,
 * chosen by their columns (the table stays the one owner of what an operation is), plus the
 * console's own actions, which are not operations of the service.
 */
export const ROLES = ["owner", "admin", "billing", "operator", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_WORDS: Record<Role, { name: string; does: string }> = {
  owner: {
    name: "Owner",
    does: "Everything, and the organization itself: its stored key and how people sign in.",
  },
  admin: {
    name: "Admin",
    does: "Every operation, and the organization's people and single sign-on.",
  },
  billing: {
    name: "Billing",
    does: "Credit, plans, usage, sponsorship grants and billing mode; reads everything else.",
  },
  operator: {
    name: "Operator",
    does: "Vehicle, parts, scanner, vision, Intelligence and job operations; reads everything else.",
  },
  viewer: {
    name: "Viewer",
    does: "Reads: lists, usage, jobs and logs, nothing that costs or changes.",
  },
};

/** An operation that reads and costs nothing: what every role may do. */
const isFreeRead = (op: OperationDefinition) => op.method === "GET" && !op.billable;

const ROLE_MAY_CALL: Record<Role, (op: OperationDefinition) => boolean> = {
  owner: () => true,
  admin: () => true,
  billing: (op) => isFreeRead(op) || op.duty === "billing" || op.duty === "system",
  operator: (op) => isFreeRead(op) || op.duty === "operations" || op.duty === "system",
  viewer: (op) => isFreeRead(op),
};

export function roleMayCall(role: Role, op: OperationDefinition): boolean {
  return ROLE_MAY_CALL[role](op);
}

/**
 * The console's own actions, beside the service's operations, and the roles that may take them.
 * Each names what it does for the refusal a person reads. `people`: a person's duty only; a
 * session signed in with the Client's key (whoever holds it) may not, whatever it may call.
 */
export const CONSOLE_DUTIES = {
  // Who may sign in here is decided by people: a key holder's invitations and identity provider
  // would outlive key sign-in.
  managePeople: {
    roles: ["owner", "admin"],
    what: "invite people and change their access",
    people: true,
  },
  configureSingleSignOn: {
    roles: ["owner", "admin"],
    what: "configure single sign-on",
    people: true,
  },
  manageOrganization: {
    roles: ["owner"],
    what: "replace the stored key or change how people sign in",
    people: true,
  },
  makeOwners: {
    roles: ["owner"],
    what: "make, unmake or end the sessions of an owner",
    people: true,
  },
  useSandboxControls: { roles: ["owner", "admin"], what: "use the sandbox controls" },
  connectAgent: { roles: ["owner", "admin", "operator"], what: "connect the agent endpoint" },
  /**
   * The demo accounts' stored secrets (a service sign-in's password), which act for the whole
   * account on the service's own pages: an administrator's, like the key itself.
   */
  readDemoSecrets: {
    roles: ["owner", "admin"],
    what: "see a demo account's service sign-in",
  },
  readLogs: { roles: ROLES, what: "read the audit and request logs" },
} as const satisfies Record<string, { roles: readonly Role[]; what: string; people?: true }>;
export type ConsoleDuty = keyof typeof CONSOLE_DUTIES;

export function roleMayDo(role: Role, duty: ConsoleDuty): boolean {
  return (CONSOLE_DUTIES[duty].roles as readonly Role[]).includes(role);
}

/** The roles that could, in words: "an owner or admin", "an owner, admin or operator". */
export function rolesInWords(roles: readonly Role[]): string {
  const names = roles.map((r) => ROLE_WORDS[r].name.toLowerCase());
  const listed =
    names.length <= 1
      ? (names[0] ?? "nobody")
      : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  return `${/^[aeiou]/.test(listed) ? "an" : "a"} ${listed}`;
}

/** Why a role may not do something, naming the roles that could. */
export function refusalFor(role: Role, what: string, couldRoles: readonly Role[]): string {
  return `Your role (${ROLE_WORDS[role].name.toLowerCase()}) does not allow you to ${what}: ${rolesInWords(couldRoles)} can.`;
}

/** The roles that may call an operation. */
export function rolesThatMayCall(op: OperationDefinition): Role[] {
  return ROLES.filter((r) => roleMayCall(r, op));
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
