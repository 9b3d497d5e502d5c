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
  const grouped = secret.match(/.{1,4}/g)!.join(" ");
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">Your authenticator app</legend>
      <p className="text-sm text-slate-700">
        In your authenticator app (on your phone or computer), add an account with this set-up key,
        time-based, 6 digits. Then enter the code it shows.
      </p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>Set-up key</span>
        <code className="rounded bg-slate-100 px-2 py-1 break-all" data-testid="totp-secret">
          {grouped}
        </code>
        <CopyButton text={secret} label="Copy" accessibleLabel="Copy the set-up key" compact />
      </p>
      <p className="text-xs break-all text-slate-600">
        Or open <a href={uri}>the set-up address</a> on the device that has the app.
      </p>
      {children}
    </fieldset>
  );
}
