import { describe, expect, it } from "vitest";
import { logCursorOf } from "@/lib/log-cursor";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { listAudit, recordAuditOrLog } from "./audit-log";

consoleStoreForThisFile();

const entriesOf = async (org: string) =>
  (await listAudit(org, {}, { cursor: logCursorOf({}), pageSize: 50 })).entries;

describe("an audit entry's text", () => {
  it("is kept whatever characters a request put in it, a NUL included", async () => {
    await recordAuditOrLog({
      organizationId: "org_nul",
      actorLabel: "viewer\u0000@example.com",
      clientId: "cl_x",
      operationId: "console.callAgentTool",
      target: "ok\u0000 then hidden",
      outcome: "failure",
      errorCode: "role_forbidden\u0000",
      detail: { typed: "a\u0000b", nested: ["\u0000"] },
    });
    const [entry] = await entriesOf("org_nul");
    expect(entry).toMatchObject({
      target: "ok then hidden",
      errorCode: "role_forbidden",
      actor: "viewer@example.com",
      detail: { typed: "ab", nested: [""] },
    });
  });

  it("keeps no key and no reversed text", async () => {
    await recordAuditOrLog({
      organizationId: "org_key",
      clientId: "cl_x",
      operationId: "console.callAgentTool",
      target: "svc_live_AbCdEf0123456789 paste \u202etxt.exe",
      outcome: "failure",
    });
    const [entry] = await entriesOf("org_key");
    expect(entry!.target).not.toContain("svc_live_AbCdEf0123456789");
    expect(entry!.target).not.toContain("\u202e");
    expect(entry!.target).toMatch(/paste txt\.exe$/);
  });
});
