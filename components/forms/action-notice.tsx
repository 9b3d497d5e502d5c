import { Alert } from "@/components/ui/alert";
import { type Notice } from "@/lib/actions/use-action-submit";

/** A form's refusal or unknown outcome, above its fields. */
export function ActionNotice({ notice }: { notice: Notice | null }) {
  return notice ? (
    <Alert tone={notice.tone} title={notice.title}>
      {notice.text}
    </Alert>
  ) : null;
}
