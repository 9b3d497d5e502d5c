import { type ChildProcess, spawn } from "node:child_process";
import { SERVICE_NODE_FLAGS } from "../scripts/launcher";

/** What `bench/bench-server.ts` reports once it is ready. */
export interface BenchServerInfo {
  serviceUrl: string;
  bareUrl: string;
  keys: string[];
  masterKey: string;
  databaseUrl: string;
  /** The paying Sub-users' Clients and keys (their keys themselves are `keys`, in order). */
  payers: { clientId: string; keyId: string }[];
  pid: number;
}

/**
 * Starts `bench/bench-server.ts` in a child process (the load generator must not share the
 * servers' event loop) and waits for its addresses and keys, sent over the IPC channel: its
 * standard output carries the service's log, as shipped, and is read away like a collector would.
 */
export async function spawnBenchServer(
  clients: number,
): Promise<{ child: ChildProcess; info: BenchServerInfo }> {
  const child = spawn(
    process.execPath,
    [...SERVICE_NODE_FLAGS, "--import", "tsx", "bench/bench-server.ts"],
    {
      stdio: ["ignore", "pipe", "inherit", "ipc"],
      env: { ...process.env, BENCH_CLIENTS: String(clients) },
    },
  );
  child.stdout!.resume();
  const info = await new Promise<BenchServerInfo>((resolve, reject) => {
    child.once("message", (message) => resolve(message as BenchServerInfo));
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, info };
}
