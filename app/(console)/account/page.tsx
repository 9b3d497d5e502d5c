import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { Card, PageHeader } from "@/components/ui/card";
import { Facts } from "@/components/ui/facts";
import { requirePageSession } from "@/lib/auth/guards";
import { deviceInWords } from "@/lib/http/request-origin";
import {
  BROWSER_TIME_ZONE_COOKIE,
  DEFAULT_TIME_ZONE,
  FORMATS,
  formatsFor,
  isTimeZone,
  TIME_ZONES,
} from "@/lib/i18n/formats";
import { getFormats, readFormatSettings } from "@/lib/i18n/formats-server";
import { OFFERED_LANGUAGES } from "@/lib/i18n/languages";
import { readPreferences } from "@/lib/i18n/preferences";
import { organizationsOf } from "@/lib/people/organizations";
import { passkeysOf } from "@/lib/people/passkeys";
import { hasTotp, sessionsOf } from "@/lib/people/people";
import { OwnSessions, Passkeys, SwitchOrganization } from "./_components/account-panels";
import { PreferencesForm } from "./_components/preferences-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("title") };
}

/** The language, formats and time zone form, for a person or for this browser. */
async function PreferencesCard() {
  const t = await getTranslations("account.preferences");
  const preferences = await readPreferences();
  const { timeZone, now } = await readFormatSettings();
  const example = new Date(now);
  const reported = (await cookies()).get(BROWSER_TIME_ZONE_COOKIE)?.value;
  return (
    <Card title={t("heading")}>
      <p className="mb-4 text-sm text-slate-600">
        {preferences.keptFor === "person" ? t("keptForPerson") : t("keptForBrowser")}
      </p>
      <PreferencesForm
        chosen={{
          language: preferences.chosen.language ?? "",
          format: preferences.chosen.format ?? "",
          timeZone: preferences.chosen.timeZone ?? "",
        }}
        examples={
          Object.fromEntries(
            FORMATS.map((format) => {
              const f = formatsFor({ format, timeZone, now });
              return [format, `${f.money(123456)} · ${f.dateTime(example)}`];
            }),
          ) as Record<(typeof FORMATS)[number], string>
        }
        timeZones={TIME_ZONES}
        browserTimeZone={isTimeZone(reported) ? reported : DEFAULT_TIME_ZONE}
        offered={OFFERED_LANGUAGES}
      />
    </Card>
  );
}

/** A person's own sign-in: the organizations they belong to, and their sessions. */
export default async function AccountPage() {
  const { session } = await requirePageSession();
  const t = await getTranslations("account");
  const roles = await getTranslations("roles");
  if (session.actor.kind !== "person")
    return (
      <>
        <PageHeader title={t("title")} />
        <div className="space-y-6">
          <Card>
            <p className="text-sm">{t("keySession")}</p>
          </Card>
          <PreferencesCard />
        </div>
      </>
    );
  const [orgs, sessions, keys, codes, formats] = await Promise.all([
    organizationsOf(session.actor.personId),
    // A session a provider signed in sees the person's sessions in its organization only.
    sessionsOf(session.actor.personId, session.ssoOrganizationId ?? undefined),
    passkeysOf(session.actor.personId),
    hasTotp(session.actor.personId),
    getFormats(),
  ]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={session.actor.name}>
          <Facts
            facts={[
              [t("email"), session.actor.email],
              [
                t("signsInWith"),
                [
                  keys.length ? t("passkeyCount", { count: keys.length }) : null,
                  codes ? t("passwordAndApp") : null,
                ]
                  .filter(Boolean)
                  .join(", ") || t("nothingYet"),
              ],
            ]}
          />
        </Card>
        <PreferencesCard />
        <Card title={t("passkeysHeading")}>
          <Passkeys
            passkeys={keys.map((k) => ({
              id: k.id,
              name: k.name,
              created: formats.dateTime(k.createdAt),
              lastUse: k.lastUsedAt ? formats.dateTime(k.lastUsedAt) : t("never"),
            }))}
          />
        </Card>
        <Card title={t("organizationsHeading")}>
          <SwitchOrganization
            active={session.organizationId}
            organizations={orgs.map((o) => ({
              id: o.id,
              name: o.name,
              detail: `${roles(`${o.role}.name`)} · ${o.clientId} · ${o.environment}`,
            }))}
          />
        </Card>
        <Card title={t("sessionsHeading")}>
          <OwnSessions
            current={session.idHash}
            sessions={sessions.map((s) => ({
              id: s.idHash,
              device: deviceInWords(s.device),
              place: s.sourceAddress ?? t("unknownPlace"),
              organization: s.organizationName ?? "—",
              started: formats.dateTime(s.createdAt),
              lastUse: formats.dateTime(s.lastSeenAt),
            }))}
          />
        </Card>
      </div>
    </>
  );
}
