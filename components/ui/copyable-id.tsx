import { CopyButton } from "./copy-button";

/**
 * An identifier people copy into tickets and other tools (a Client id, an `svcId`): its name
 * where the console knows one, the id itself, and a button that copies the id.
 */
export function CopyableId({
  id,
  name,
  kind = "id",
}: {
  id: string;
  name?: string;
  kind?: string;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {name ? <span>{name}</span> : null}
      <code className="break-all">{id}</code>
      <CopyButton text={id} label="Copy" accessibleLabel={`Copy ${kind} ${id}`} compact />
    </span>
  );
}
