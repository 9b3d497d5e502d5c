/**
 * Child process of the benchmark: the reference service (fresh embedded PostgreSQL, demo data)
 * and a bare node:http server, on the same machine. Sends its addresses and keys to its parent.
 */
import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { createLogger } from "@/lib/log/logger";
import { makePayers } from "./bench-payers";
import { type BenchServerInfo } from "./bench-server-process";
import { startBenchService } from "./bench-service";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);

async function main() {
  // As shipped: a JSON line per request at `info`, to standard output (the parent reads it
  // away, as a log collector would). The parent changes the level for the comparison.
  const log = createLogger("service", "info");
  process.on("message", (message: { logLevel?: "info" | "warn" }) => {
    if (message.logLevel) log.setLevel(message.logLevel);
  });
  const bench = await startBenchService("bench", log);
  const { service } = bench;
  const admin = bench.key("master-admin");
  // One paying Client per connection: the service allows one active request per Client by design.
  const payers = await makePayers({
    serviceUrl: service.url,
    masterKey: admin,
    databaseUrl: bench.databaseUrl,
    count: CLIENTS,
    name: "Bench client",
  });

  const bare = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ status: "ok", service: "bare-node-http" }));
  });
  await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
  const info: BenchServerInfo = {
    serviceUrl: service.url,
    bareUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    keys: payers.map((p) => p.key),
    masterKey: admin,
    databaseUrl: bench.databaseUrl,
    payers: payers.map(({ clientId, keyId }) => ({ clientId, keyId })),
    pid: process.pid,
  };
  process.send!(info);

  const stop = async () => {
    bare.close();
    await bench.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

void main();
