import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";

export default function SubUserNotFound() {
  return (
    <Alert tone="warning" title="No such Sub-user">
      No Sub-user with this id belongs to your Master client.{" "}
      <Link href="/sub-users" className="underline">
        Back to the Sub-users
      </Link>
    </Alert>
  );
}
