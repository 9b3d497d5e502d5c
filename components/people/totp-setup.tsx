import { useTranslations } from "next-intl";
import { type ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * Setting up an authenticator app: the set-up key to type or paste (and its `otpauth:` address
 * for apps that take one), then the code it shows, entered in `children`.
 */
export function TotpSetup({
  secret,
  uri,
  children,
}: {
  secret: string;
  uri: string;
  children: ReactNode;
}) {
  const t = useTranslations("people.totp");
  const grouped = secret.match(/.{1,4}/g)!.join(" ");
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">{t("legend")}</legend>
      <p className="text-sm text-slate-700">{t("intro")}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>{t("key")}</span>
        <code className="rounded bg-slate-100 px-2 py-1 break-all" data-testid="totp-secret">
          {grouped}
        </code>
        <CopyButton text={secret} label={t("copy")} accessibleLabel={t("copyKey")} compact />
      </p>
      <p className="text-xs break-all text-slate-600">
        {t.rich("address", { link: (chunks) => <a href={uri}>{chunks}</a> })}
      </p>
      {children}
    </fieldset>
  );
}
