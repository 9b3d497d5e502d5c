import "server-only";
import nodemailer from "nodemailer";
import { ROLE_WORDS, type Role } from "@/lib/auth/roles";
import { consoleConfig } from "@/lib/config/console-env";
import { consoleLog } from "@/lib/log/console-log";
import { formatDateTime } from "@/lib/format";

export type MailOutcome = "sent" | "not-configured" | "failed";

/**
 * Sends an invitation's link by email when the console has an SMTP server (`SMTP_URL`),
 * through the maintained `nodemailer`. The link is the only secret in it: the mail says who
 * invites whom to what, and when the link stops working.
 */
export async function mailInvitation(invitation: {
  to: string;
  organization: string;
  role: Role;
  link: string;
  expiresAt: Date;
  invitedBy: string;
}): Promise<MailOutcome> {
  const { SMTP_URL, MAIL_FROM } = consoleConfig();
  if (!SMTP_URL) return "not-configured";
  const role = ROLE_WORDS[invitation.role];
  try {
    await nodemailer.createTransport(SMTP_URL).sendMail({
      from: MAIL_FROM,
      to: invitation.to,
      subject: `Invitation to ${invitation.organization} in the service console`,
      text: [
        `${invitation.invitedBy} invites you to ${invitation.organization} in the service console, as ${role.name.toLowerCase()}: ${role.does}`,
        "",
        `Create your sign-in (a passkey, or a password with an authenticator app) here:`,
        invitation.link,
        "",
        `The link works once, until ${formatDateTime(invitation.expiresAt)} (UTC). If you did not expect it, ignore this mail.`,
      ].join("\n"),
    });
    return "sent";
  } catch (error) {
    // The address may be wrong or the server down: the page shows the link to send by hand.
    consoleLog().warn("invitation mail failed", { error: (error as Error).message });
    return "failed";
  }
}
