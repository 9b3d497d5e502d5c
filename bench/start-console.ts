import { hasExited, SERVICE_NODE_FLAGS } from "../scripts/launcher";
import { type ChildProcess, spawn } from "node:child_process";

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (hasExited(child)) throw new Error("the console exited");
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error("the console did not start");
}

/**
 * The console as `npm start` runs it (built for production when its sources changed), on `port`
 * with `env` added; resolves once its sign-in page answers.
 */
export async function startConsole(port: number, env: Record<string, string>) {
  const launcher = spawn(
    process.execPath,
    [...SERVICE_NODE_FLAGS, "--import", "tsx", "scripts/start.ts"],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn", ...env },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/sign-in`, launcher);
  } catch (error) {
    launcher.kill("SIGTERM");
    throw error;
  }
  return {
    url,
    /** The launcher's process (the embedded service runs in it; the Next.js server is its child). */
    pid: launcher.pid!,
    async stop() {
      if (hasExited(launcher)) return;
      launcher.kill("SIGTERM");
      await new Promise((r) => launcher.once("exit", r));
    },
  };
}
