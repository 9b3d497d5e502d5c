import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";

/** What a Sub-user sees at a Master-only address (the navigation never offers it). */
export function MasterOnly() {
  return (
    <Alert tone="warning" title="Master clients only">
      This page is for Master-client administrators. Your key belongs to a Sub-user.{" "}
      <Link href="/" className="underline">
        Back to the overview
      </Link>
    </Alert>
  );
}
