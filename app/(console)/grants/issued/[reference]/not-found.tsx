import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";

export default function GrantNotFound() {
  return (
    <Alert tone="warning" title="No such grant">
      You issued no grant with this reference.{" "}
      <Link href="/grants" className="underline">
        Back to the issued grants
      </Link>
    </Alert>
  );
}
