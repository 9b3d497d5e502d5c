import "server-only";
import { type OperationId, OPERATIONS } from "@/lib/api/contract/operations";
import { serverWords } from "@/lib/actions/server-words";
import { dutyRefusal, roleRefusal, type Rights } from "./rights";
import { CONSOLE_DUTIES, type ConsoleDuty, type Role, rolesThatMayCall } from "./roles";

type RoleWords = Awaited<ReturnType<typeof serverWords<"roles">>>;

/** The roles that could, in the request's language: "an owner or admin", "Inhaber oder Admin". */
export function rolesInWordsOf(t: RoleWords, roles: readonly Role[]): string {
  const names = roles.map((r) => t(`${r}.lower`));
  const listed =
    names.length <= 1
      ? (names[0] ?? t("nobody"))
      : t("either", { first: names.slice(0, -1).join(", "), last: names.at(-1)! });
  return t("could", { list: listed, article: /^[aeiou]/.test(listed) ? "an" : "a" });
}

/**
 * Why the role refuses a console action, in the request's language (`dutyRefusal`'s sentence
 * in English); undefined when it may.
 */
export async function dutyRefusalIn(session: Rights, duty: ConsoleDuty) {
  if (dutyRefusal(session, duty) === undefined) return undefined;
  const t = await serverWords("roles");
  const what = t(`duties.${duty}`);
  if (session.actor.kind === "key" && (CONSOLE_DUTIES[duty] as { people?: true }).people)
    return t("keyRefusal", { what });
  return t("refusal", {
    role: t(`${session.role}.lower`),
    what,
    could: rolesInWordsOf(t, CONSOLE_DUTIES[duty].roles),
  });
}

/**
 * Why the role refuses an operation, in the request's language (`roleRefusal`'s sentence in
 * English, which names the operation by its contract summary); undefined when it may.
 */
export async function roleRefusalIn(session: Rights, operationId: OperationId) {
  const english = roleRefusal(session, operationId);
  if (english === undefined) return undefined;
  const t = await serverWords("roles");
  const summary = OPERATIONS[operationId].summary.replaceAll("`", "");
  return t("operationRefusal", {
    role: t(`${session.role}.lower`),
    what: summary.charAt(0).toLowerCase() + summary.slice(1),
    could: rolesInWordsOf(t, rolesThatMayCall(OPERATIONS[operationId])),
  });
}
