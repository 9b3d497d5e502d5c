import { isAudited, type OperationId, OPERATIONS } from "@/lib/api/contract/operations";

/** What the console records that is not a service operation, in words. */
const CONSOLE_EVENT_LABELS = {
  "console.signIn": "Signed in to the console",
  "console.startAgentConnection": "Started connecting the console to the agent endpoint",
  "console.connectAgent": "Connected the console to the agent endpoint",
  "console.callAgentTool": "Called a tool of the agent endpoint from the playground",
  "console.disconnectAgent": "Disconnected the console from the agent endpoint",
  "console.revealDemoSignIn": "Showed the demo account's service sign-in",
  "console.signOut": "Signed out of the console",
  "console.sandbox.advanceClock": "Moved the sandbox test clock",
  "console.sandbox.addFaultRule": "Added a sandbox fault rule",
  "console.sandbox.removeFaultRule": "Removed a sandbox fault rule",
  "console.sandbox.resetMaster": "Reset the Master to its seeded state",
  "console.invite": "Invited someone",
  "console.revokeInvitation": "Revoked an invitation",
  "console.acceptInvitation": "Accepted an invitation",
  "console.changeRole": "Changed a member's role",
  "console.removeMember": "Removed a member",
  "console.endSessions": "Ended a member's sessions",
  "console.becomeOwner": "Became the organization's owner",
  "console.replaceStoredKey": "Replaced the stored key",
  "console.setKeySignIn": "Turned key sign-in on or off",
  "console.switchOrganization": "Switched organization",
  "console.joinBySingleSignOn": "Joined through single sign-on",
  "console.configureSingleSignOn": "Configured single sign-on",
  "console.removeSingleSignOn": "Removed single sign-on",
  "console.stepUp": "Confirmed it was them (step-up)",
  "console.addPasskey": "Added a passkey",
  "console.removePasskey": "Removed a passkey",
  "console.claimDomain": "Claimed a domain for single sign-on",
  "console.verifyDomain": "Verified a domain in DNS",
  "console.removeDomain": "Removed a domain",
  "console.linkSingleSignOn": "Linked a sign-in to single sign-on",
} as const;

/** An audit entry's operation that is the console's own, not the service's. */
export type ConsoleEvent = keyof typeof CONSOLE_EVENT_LABELS;
/** What an audit entry can record: a service operation, or one of the console's own events. */
export type AuditedOperation = OperationId | ConsoleEvent;

/**
 * What the audit log's filter offers, from the operations table and the console's events (a
 * scan of the log for what it holds would read every entry): every change and every order of
 * work, never a plain read.
 */
export const AUDITED_OPERATIONS: readonly AuditedOperation[] = [
  ...(Object.keys(OPERATIONS) as OperationId[]).filter((id) => isAudited(OPERATIONS[id])),
  ...(Object.keys(CONSOLE_EVENT_LABELS) as ConsoleEvent[]),
];

/** An audit entry's operation in words: the contract's summary, or the console event's name. */
export function auditLabel(operationId: string): string {
  const operation = Object.hasOwn(OPERATIONS, operationId)
    ? OPERATIONS[operationId as keyof typeof OPERATIONS]
    : undefined;
  // The contract's summaries mark names with backticks for its own documents; people read words.
  return (
    operation?.summary.replaceAll("`", "") ??
    (Object.hasOwn(CONSOLE_EVENT_LABELS, operationId)
      ? CONSOLE_EVENT_LABELS[operationId as ConsoleEvent]
      : undefined) ??
    operationId
  );
}
