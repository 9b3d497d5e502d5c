import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";

export default function JobNotFound() {
  return (
    <Alert tone="warning" title="No such job">
      No job with this id was started from this console by your Client.{" "}
      <Link href="/jobs" className="underline">
        Recent jobs
      </Link>
    </Alert>
  );
}
