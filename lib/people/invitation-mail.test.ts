import { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";

/** A real SMTP server for this file: what it received, and an address it refuses. */
const received: { to: string[]; data: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith("refused@")) callback(new Error("550 no such mailbox"));
    else callback();
  },
  onData(stream, session, callback) {
    let data = "";
    stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  Object.assign(process.env, {
    SERVICE_URL: "http://127.0.0.1:9",
    CONSOLE_PUBLIC_URL: "https://console.example",
    CONSOLE_DATABASE_URL: "postgres://unused@127.0.0.1:9/unused",
    SESSION_SECRET: "x".repeat(40),
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: "Console <console@example.test>",
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("invitation mail", () => {
  const invitation = {
    organization: "Northwind Parts GmbH",
    role: "billing" as const,
    link: "https://console.example/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    expiresAt: new Date("2026-12-03T10:00:00Z"),
    invitedBy: "Olivia Owner (olivia@northwind.example)",
  };

  it("sends the link, who invites and until when, to the invited address", async () => {
    const { mailInvitation } = await import("./invitation-mail");
    expect(await mailInvitation({ ...invitation, to: "bea@northwind.example" })).toBe("sent");
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["bea@northwind.example"]);
    expect(mail.data).toContain(
      "Subject: Invitation to Northwind Parts GmbH in the service console",
    );
    expect(mail.data).toContain(invitation.link);
    expect(mail.data).toContain("as billing");
    expect(mail.data).toContain("until 03/12/2026, 10:00 (UTC)");
    expect(mail.data).toContain("From: Console <console@example.test>");
  });

  it("is written in the language asked for: the inviter's", async () => {
    const { mailInvitation } = await import("./invitation-mail");
    expect(await mailInvitation({ ...invitation, to: "carl@northwind.example" }, "de")).toBe(
      "sent",
    );
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["carl@northwind.example"]);
    // The subject is encoded (it holds "ü"); the body is read whole, soft line breaks undone.
    const body = mail.data.replace(/=\r?\n/g, "");
    expect(body).toContain(invitation.link);
    expect(body).toMatch(/in der Rolle Abrechnung/);
    expect(body).not.toContain("invites you");
    expect(body).toContain("03.12.2026, 10:00");
  });

  it("says it failed when the server refuses, so the page shows the link instead", async () => {
    const { mailInvitation } = await import("./invitation-mail");
    expect(await mailInvitation({ ...invitation, to: "refused@northwind.example" })).toBe("failed");
  });
});
