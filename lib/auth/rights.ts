import {
  type OperationDefinition,
  type OperationId,
  OPERATIONS,
} from "@/lib/api/contract/operations";
import {
  CONSOLE_DUTIES,
  type ConsoleDuty,
  refusalFor,
  type Role,
  roleMayCall,
  roleMayDo,
  rolesThatMayCall,
} from "./roles";

/** What a session's rights depend on: its Client's kind, the role it acts in, and who acts. */
export interface Rights {
  isMaster: boolean;
  role: Role;
  actor: { kind: "key" | "person" };
}

/**
 * Whether a session may call an operation: its row says whether it is Master-only (a Client
 * right the service enforces too), and the role a person acts in decides among the rest.
 */
export function mayCall(session: Rights, operationId: OperationId): boolean {
  const op: OperationDefinition = OPERATIONS[operationId];
  return (session.isMaster || !op.masterOnly) && roleMayCall(session.role, op);
}

const forPeopleOnly = (duty: ConsoleDuty) =>
  (CONSOLE_DUTIES[duty] as { people?: true }).people === true;

/** Whether a session may take one of the console's own actions. */
export function mayDo(session: Rights, duty: ConsoleDuty): boolean {
  if (session.actor.kind === "key" && forPeopleOnly(duty)) return false;
  return roleMayDo(session.role, duty);
}

/** Why the role refuses an operation, naming the roles that could; undefined when it may. */
export function roleRefusal(session: Rights, operationId: OperationId): string | undefined {
  const op: OperationDefinition = OPERATIONS[operationId];
  if (roleMayCall(session.role, op)) return undefined;
  const what = op.summary.replaceAll("`", "");
  return refusalFor(
    session.role,
    what.charAt(0).toLowerCase() + what.slice(1),
    rolesThatMayCall(op),
  );
}

/** Why the role refuses a console action, naming the roles that could; undefined when it may. */
export function dutyRefusal(session: Rights, duty: ConsoleDuty): string | undefined {
  if (session.actor.kind === "key" && forPeopleOnly(duty))
    return `A session signed in with the Client's key cannot ${CONSOLE_DUTIES[duty].what}: sign in as yourself.`;
  if (roleMayDo(session.role, duty)) return undefined;
  return refusalFor(session.role, CONSOLE_DUTIES[duty].what, CONSOLE_DUTIES[duty].roles);
}
