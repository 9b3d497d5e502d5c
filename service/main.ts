import {
  checkDatabase,
  checkPort,
  checkWritableDirectory,
  startupLine,
} from "@/lib/config/startup-problems";
import { ownShutdownSignals } from "@/lib/db/postgres-server";
import { demoAccountLines } from "@/lib/demo/demo-credentials";
import { loadServiceEnv, serviceOptionsFrom } from "./config";
import { sandboxControlsLine, startService } from "./server";

/** `npm run service`: the reference service alone. */
async function main() {
  const env = loadServiceEnv();
  // What would stop it, said before anything starts (the port first: it fails fastest).
  if (env.SERVICE_PORT !== 0)
    await checkPort(env.SERVICE_PORT, env.SERVICE_HOST, "SERVICE_PORT", "SERVICE_HOST");
  checkWritableDirectory(env.dataDir, "SERVICE_DATA_DIR");
  if (env.DATABASE_URL) await checkDatabase(env.DATABASE_URL, "DATABASE_URL");
  const service = await startService(serviceOptionsFrom(env));
  console.log(`\nReference service listening on ${service.url}`);
  console.log(`  API reference: ${service.url}/reference   OpenAPI: ${service.url}/openapi.json`);
  if (service.demo) {
    console.log(`  Demo keys (also in ${env.dataDir}/demo-credentials.json):`);
    for (const line of demoAccountLines(service.demo.accounts, service.url))
      console.log(`    ${line}`);
  } else {
    console.log("  This database holds no demo accounts, so there are no demo keys to show.");
  }
  console.log(`  ${sandboxControlsLine(service, service.url)}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the reference service`);
    await service.stop();
    process.exit(0);
  };
  ownShutdownSignals((signal) => void stop(signal));
}

main().catch((error: unknown) => {
  console.error(startupLine(error));
  process.exit(1);
});
