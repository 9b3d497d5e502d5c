import { Spinner } from "@/components/ui/spinner";

export default function Loading() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <Spinner label="Loading" />
    </main>
  );
}
