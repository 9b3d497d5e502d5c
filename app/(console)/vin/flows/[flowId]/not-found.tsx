import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";

export default function FlowNotFound() {
  return (
    <Alert tone="warning" title="No such lookup">
      This lookup does not exist for your Client or has not been completed.{" "}
      <Link href="/vin" className="underline">
        Start a VIN lookup
      </Link>
    </Alert>
  );
}
