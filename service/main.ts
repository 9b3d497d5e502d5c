import { loadServiceEnv } from "./config";
import { startService } from "./server";

/** `npm run service`: the reference service alone. */
async function main() {
  const env = loadServiceEnv();
  const service = await startService({
    port: env.SERVICE_PORT,
    host: env.SERVICE_HOST,
    dataDir: env.dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.SERVICE_PUBLIC_URL,
    defaultRateLimit: env.SERVICE_DEFAULT_RATE_LIMIT,
    jobDurationMs: env.SERVICE_JOB_DURATION_MS,
    redirectSessionSeconds: env.SERVICE_REDIRECT_SESSION_SECONDS,
    abandonedRequestSeconds: env.SERVICE_ABANDONED_REQUEST_SECONDS,
    logLevel: env.LOG_LEVEL,
  });
  console.log(`\nReference service listening on ${service.url}`);
  console.log(`  API reference: ${service.url}/reference   OpenAPI: ${service.url}/openapi.json`);
  if (service.demo) {
    console.log(`  Demo keys (also in ${env.dataDir}/demo-credentials.json):`);
    for (const a of service.demo.accounts) console.log(`    ${a.label.padEnd(40)} ${a.apiKey}`);
  } else {
    console.log("  This database holds no demo accounts, so there are no demo keys to show.");
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the reference service`);
    await service.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
