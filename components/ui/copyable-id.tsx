import { useTranslations } from "next-intl";
import { CopyButton } from "./copy-button";

/**
 * An identifier people copy into tickets and other tools (a Client id, an `svcId`): its name
 * where the console knows one, the id itself, and a button that copies the id.
 */
export function CopyableId({ id, name, kind }: { id: string; name?: string; kind?: string }) {
  const t = useTranslations("ui.copy");
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {name ? <span>{name}</span> : null}
      <code className="break-all">{id}</code>
      <CopyButton
        text={id}
        label={t("copy")}
        accessibleLabel={t("copyWhat", { kind: kind ?? t("id"), id })}
        compact
      />
    </span>
  );
}
