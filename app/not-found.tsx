import { Link } from "@/components/ui/link";

export default function NotFound() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl p-8">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address.</p>
      <Link className="mt-4 inline-block text-brand-600 underline" href="/">
        Back to the console
      </Link>
    </main>
  );
}
