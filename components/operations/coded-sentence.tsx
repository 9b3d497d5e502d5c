import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { sentenceForCode } from "@/lib/operations/code-sentences";

/**
 * A code the service gave, as people read it: its sentence, with the code beside it in small
 * type for support. The small print is marked, so a browser test can find any code shown
 * outside it.
 */
export function CodedSentence({ code, sentence }: { code: string; sentence?: string }) {
  const t = useTranslations("codes");
  return (
    <>
      {sentence ?? sentenceForCode(code, undefined, t)} <CodeSmallPrint code={code} />
    </>
  );
}

export function CodeSmallPrint({ code }: { code: string }) {
  return (
    <small className="text-xs" data-code-small-print="">
      (<code>{code}</code>)
    </small>
  );
}

/** A warning as an answer carries it: a code and perhaps a message, or a sentence of its own. */
export function WarningItem({ warning }: { warning: unknown }) {
  const t = useTranslations("codes");
  if (typeof warning === "string") return <>{warning}</>;
  const w =
    typeof warning === "object" && warning !== null ? (warning as Record<string, unknown>) : {};
  if (typeof w.code === "string")
    return (
      <CodedSentence
        code={w.code}
        sentence={sentenceForCode(w.code, typeof w.message === "string" ? w.message : undefined, t)}
      />
    );
  return <>{typeof w.message === "string" ? w.message : t("unwordedWarning")}</>;
}

/** The warnings an answer carries, each in a sentence; nothing when there is none. */
export function Warnings({
  warnings,
  title,
  testId,
}: {
  warnings: readonly unknown[];
  title?: string;
  testId?: string;
}) {
  const t = useTranslations("codes");
  if (!warnings.length) return null;
  return (
    <Alert tone="warning" title={title ?? t("warningsTitle")}>
      <ul className="list-disc pl-5" data-testid={testId}>
        {warnings.map((w, i) => (
          <li key={i}>
            <WarningItem warning={w} />
          </li>
        ))}
      </ul>
    </Alert>
  );
}
