/** A part of the page still on its way (`data-spinner` lets tests wait for it to go). */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" data-spinner="" className="flex items-center gap-2 text-slate-600">
      <span
        className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
        aria-hidden="true"
      />
      <span>{label}…</span>
    </div>
  );
}
