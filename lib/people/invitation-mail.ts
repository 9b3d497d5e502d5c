import "server-only";
import nodemailer from "nodemailer";
import { createTranslator } from "next-intl";
import { getLocale } from "next-intl/server";
import { type Role } from "@/lib/auth/roles";
import { type Language } from "@/lib/i18n/languages";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import { consoleConfig } from "@/lib/config/console-env";
import { consoleLog } from "@/lib/log/console-log";
import { FORMAT_OF_LANGUAGE, formatsFor } from "@/lib/i18n/formats";

export type MailOutcome = "sent" | "not-configured" | "failed";

const MESSAGES = { en, de } as const;

/** The request's language (the inviter's), or English outside a request. */
async function requestLanguage(): Promise<Language> {
  try {
    return await getLocale();
  } catch {
    return "en";
  }
}

/**
 * Sends an invitation's link by email when the console has an SMTP server (`SMTP_URL`),
 * through the maintained `nodemailer`. The link is the only secret in it: the mail says who
 * invites whom to what, and when the link stops working. It is written in `language`, by default
 * the language of the request that sends it (the inviter's).
 */
export async function mailInvitation(
  invitation: {
    to: string;
    organization: string;
    role: Role;
    link: string;
    expiresAt: Date;
    invitedBy: string;
  },
  language?: Language,
): Promise<MailOutcome> {
  const { SMTP_URL, MAIL_FROM } = consoleConfig();
  if (!SMTP_URL) return "not-configured";
  const locale = language ?? (await requestLanguage());
  const messages = MESSAGES[locale] as typeof en;
  const t = createTranslator({ locale, messages, namespace: "people.invitationMail" });
  const roles = createTranslator({ locale, messages, namespace: "roles" });
  const values = {
    organization: invitation.organization,
    invitedBy: invitation.invitedBy,
    role: roles(`${invitation.role}.lower`),
    does: roles(`${invitation.role}.does`),
    // In UTC, which the sentence names: the mail may be read anywhere.
    until: formatsFor({
      format: FORMAT_OF_LANGUAGE[locale],
      timeZone: "UTC",
      now: Date.now(),
    }).dateTime(invitation.expiresAt),
  };
  try {
    await nodemailer.createTransport(SMTP_URL).sendMail({
      from: MAIL_FROM,
      to: invitation.to,
      subject: t("subject", values),
      text: [t("invites", values), "", t("create"), invitation.link, "", t("until", values)].join(
        "\n",
      ),
    });
    return "sent";
  } catch (error) {
    // The address may be wrong or the server down: the page shows the link to send by hand.
    consoleLog().warn("invitation mail failed", { error: (error as Error).message });
    return "failed";
  }
}
