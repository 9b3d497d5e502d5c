import { createTranslator } from "next-intl";
import { isAudited, type OperationId, OPERATIONS } from "@/lib/api/contract/operations";
import english from "@/messages/en.json";

/** What the console records that is not a service operation (its words: `audit.labels`). */
const CONSOLE_EVENTS = [
  "console.signIn",
  "console.startAgentConnection",
  "console.connectAgent",
  "console.callAgentTool",
  "console.disconnectAgent",
  "console.revealDemoSignIn",
  "console.signOut",
  "console.sandbox.advanceClock",
  "console.sandbox.addFaultRule",
  "console.sandbox.removeFaultRule",
  "console.sandbox.resetMaster",
  "console.invite",
  "console.revokeInvitation",
  "console.acceptInvitation",
  "console.changeRole",
  "console.removeMember",
  "console.endSessions",
  "console.becomeOwner",
  "console.replaceStoredKey",
  "console.setKeySignIn",
  "console.switchOrganization",
  "console.joinBySingleSignOn",
  "console.configureSingleSignOn",
  "console.removeSingleSignOn",
  "console.stepUp",
  "console.addPasskey",
  "console.removePasskey",
  "console.claimDomain",
  "console.verifyDomain",
  "console.removeDomain",
  "console.linkSingleSignOn",
] as const;

/** An audit entry's operation that is the console's own, not the service's. */
export type ConsoleEvent = (typeof CONSOLE_EVENTS)[number];
/** What an audit entry can record: a service operation, or one of the console's own events. */
export type AuditedOperation = OperationId | ConsoleEvent;

/**
 * What the audit log's filter offers, from the operations table and the console's events (a
 * scan of the log for what it holds would read every entry): every change and every order of
 * work, never a plain read.
 */
export const AUDITED_OPERATIONS: readonly AuditedOperation[] = [
  ...(Object.keys(OPERATIONS) as OperationId[]).filter((id) => isAudited(OPERATIONS[id])),
  ...CONSOLE_EVENTS,
];

/**
 * An audit entry's operation as its `audit.labels` message: the operation's, or the console
 * event's (whose dots are the messages' nesting); undefined for an id the console does not know.
 */
export function auditLabelKey(operationId: string): AuditedOperation | undefined {
  if (Object.hasOwn(OPERATIONS, operationId)) return operationId as OperationId;
  return (CONSOLE_EVENTS as readonly string[]).includes(operationId)
    ? (operationId as ConsoleEvent)
    : undefined;
}

/** The labels in English: for a caller not yet given the page's language. */
const inEnglish = createTranslator({ locale: "en", messages: english, namespace: "audit.labels" });

/**
 * An audit entry's operation in words, with the `audit.labels` messages
 * (`getTranslations("audit.labels")`): the operation's or console event's, else its id.
 */
export function auditLabel(
  operationId: string,
  t: (key: AuditedOperation) => string = (key) => inEnglish(key),
): string {
  const key = auditLabelKey(operationId);
  return key ? t(key) : operationId;
}
