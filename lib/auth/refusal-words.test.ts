import { describe, expect, it } from "vitest";
import { OPERATION_IDS } from "@/lib/api/contract/operations";
import { dutyRefusal, roleRefusal, type Rights } from "./rights";
import { dutyRefusalIn, roleRefusalIn } from "./refusal-words";
import { CONSOLE_DUTIES, type ConsoleDuty, ROLES } from "./roles";

const SESSIONS: Rights[] = ROLES.flatMap((role) =>
  (["person", "key"] as const).flatMap((kind) =>
    [true, false].map((isMaster) => ({ role, isMaster, actor: { kind } })),
  ),
);

// Outside a request the words are English: the same sentences the pages showed before they
// spoke the request's language, which the English browser tests find.
describe("refusals in the request's language", () => {
  it("say in English what the English refusal of every operation says, for every role", async () => {
    let refused = 0;
    for (const session of SESSIONS)
      for (const id of OPERATION_IDS) {
        const english = roleRefusal(session, id);
        expect(await roleRefusalIn(session, id), `${session.role} ${id}`).toBe(english);
        if (english) refused++;
      }
    expect(refused).toBeGreaterThan(0);
  });

  it("say in English what the English refusal of every console duty says", async () => {
    let refused = 0;
    for (const session of SESSIONS)
      for (const duty of Object.keys(CONSOLE_DUTIES) as ConsoleDuty[]) {
        const english = dutyRefusal(session, duty);
        expect(await dutyRefusalIn(session, duty), `${session.role} ${duty}`).toBe(english);
        if (english) refused++;
      }
    expect(refused).toBeGreaterThan(0);
  });
});
