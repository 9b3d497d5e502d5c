"use client";

import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import { passkeyAddress } from "@/lib/net/console-address";

/** The console's public address (`CONSOLE_PUBLIC_URL`), which the root layout provides. */
const PublicUrl = createContext<string | undefined>(undefined);

export function PublicUrlProvider({ url, children }: { url: string; children: ReactNode }) {
  return <PublicUrl.Provider value={url}>{children}</PublicUrl.Provider>;
}

const noChange = () => () => {};

/**
 * Where passkeys work, for the page as the browser opened it: undefined here (and while the
 * page is rendered on the server), an address when this page is at an IP address, `null` when no
 * address of this console has a name.
 */
export function usePasskeyElsewhere(): string | null | undefined {
  const publicUrl = useContext(PublicUrl);
  const here = useSyncExternalStore(
    noChange,
    () => window.location.href,
    () => undefined,
  );
  return here === undefined ? undefined : passkeyAddress(new URL(here), publicUrl);
}

/** What a page at an IP address says instead of offering a passkey ceremony that must fail. */
export function PasskeyElsewhere({ address }: { address: string | null }) {
  const t = useTranslations("people.passkey");
  return (
    <p className="text-sm text-slate-700" data-testid="passkey-elsewhere">
      {t("ipAddress")}{" "}
      {address
        ? t.rich("workAt", {
            address,
            link: (chunks) => (
              <a href={address} className="text-brand-700 underline">
                {chunks}
              </a>
            ),
          })
        : t("openAtName")}
    </p>
  );
}
