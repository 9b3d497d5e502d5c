import { getServiceStatus } from "@/lib/api/service-status";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const status = await getServiceStatus();
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Service console</h1>
      <p className="mt-2 text-slate-600">
        Administration and operations for the Vehicle, Parts and Market-Intelligence Service.
      </p>
      <section
        aria-labelledby="service-heading"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="service-heading" className="text-lg font-medium">
          Service
        </h2>
        <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">Address</dt>
          <dd>
            <code>{status.url}</code>{" "}
            {status.embedded ? (
              <span className="text-slate-500">(embedded reference service)</span>
            ) : null}
          </dd>
          <dt className="text-slate-500">Status</dt>
          <dd data-testid="service-status">
            {status.reachable ? "Reachable" : `Unreachable: ${status.reason}`}
          </dd>
          {status.reachable ? (
            <>
              <dt className="text-slate-500">Interface version</dt>
              <dd data-testid="service-version">{status.version}</dd>
              <dt className="text-slate-500">Documented paths</dt>
              <dd>{status.pathCount}</dd>
            </>
          ) : null}
        </dl>
      </section>
    </main>
  );
}
