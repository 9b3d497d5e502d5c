import { OPERATIONS } from "@/lib/api/contract/operations";

/** What the console records that is not a service operation. */
export const CONSOLE_EVENTS = new Map<string, string>([
  ["console.signIn", "Signed in to the console"],
  ["console.connectAgent", "Connected the console to the agent endpoint"],
  ["console.disconnectAgent", "Disconnected the console from the agent endpoint"],
  ["console.signOut", "Signed out of the console"],
  ["console.sandbox.advanceClock", "Moved the sandbox test clock"],
  ["console.sandbox.addFaultRule", "Added a sandbox fault rule"],
  ["console.sandbox.removeFaultRule", "Removed a sandbox fault rule"],
  ["console.sandbox.resetMaster", "Reset the Master to its seeded state"],
  ["console.invite", "Invited someone"],
  ["console.revokeInvitation", "Revoked an invitation"],
  ["console.acceptInvitation", "Accepted an invitation"],
  ["console.changeRole", "Changed a member's role"],
  ["console.removeMember", "Removed a member"],
  ["console.endSessions", "Ended a member's sessions"],
  ["console.becomeOwner", "Became the organization's owner"],
  ["console.replaceStoredKey", "Replaced the stored key"],
  ["console.setKeySignIn", "Turned key sign-in on or off"],
  ["console.switchOrganization", "Switched organization"],
  ["console.joinBySingleSignOn", "Joined through single sign-on"],
  ["console.configureSingleSignOn", "Configured single sign-on"],
  ["console.removeSingleSignOn", "Removed single sign-on"],
]);

/** An audit entry's operation in words: the contract's summary, or the console event's name. */
export function auditLabel(operationId: string): string {
  const operation = Object.hasOwn(OPERATIONS, operationId)
    ? OPERATIONS[operationId as keyof typeof OPERATIONS]
    : undefined;
  // The contract's summaries mark names with backticks for its own documents; people read words.
  return operation?.summary.replaceAll("`", "") ?? CONSOLE_EVENTS.get(operationId) ?? operationId;
}
