import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { processStart, reapLeftovers, recorded } from "./leftovers";

const dirs: string[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A leader with a child of its own in a group of their own, as nginx's master and worker. */
function group() {
  const child = spawn("sh", ["-c", "sleep 60 & echo $!; wait"], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  pids.push(child.pid!);
  return new Promise<{ leader: number; worker: number }>((resolve) =>
    child.stdout.once("data", (d: Buffer) =>
      resolve({ leader: child.pid!, worker: Number(String(d).trim()) }),
    ),
  );
}

function stateFile(state: unknown) {
  const dir = mkdtempSync(path.join(tmpdir(), "vpmi-leftovers-"));
  dirs.push(dir);
  const file = path.join(dir, "cluster.json");
  writeFileSync(file, JSON.stringify(state));
  return file;
}

const gone = (pid: number) => processStart(pid) === undefined;

const portInUse = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(true));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(false)));
  });

describe("what a launcher killed outright left running", () => {
  it("is ended by the next start, a group with its workers", async () => {
    const nginx = await group();
    const instance = await group();
    const file = stateFile({
      // A launcher that is gone: its pid now names another process (this one).
      pid: process.pid,
      start: "0",
      processes: [
        ...recorded("nginx", nginx.leader, true),
        ...recorded("service 1", instance.leader),
      ],
    });
    expect(await reapLeftovers(file)).toEqual([
      `nginx (pid ${nginx.leader})`,
      `service 1 (pid ${instance.leader})`,
    ]);
    await expect.poll(() => [nginx.leader, nginx.worker, instance.leader].every(gone)).toBe(true);
  });

  it("is left alone while its launcher runs", async () => {
    const nginx = await group();
    const file = stateFile({
      pid: process.pid,
      start: processStart(process.pid),
      processes: recorded("nginx", nginx.leader, true),
    });
    expect(await reapLeftovers(file)).toEqual([]);
    expect(gone(nginx.leader)).toBe(false);
  });

  it("never touches a process that took a recorded pid later", async () => {
    const other = await group();
    const file = stateFile({
      pid: process.pid,
      start: "0",
      processes: [{ what: "nginx", pid: other.leader, start: "1", group: true }],
    });
    expect(await reapLeftovers(file)).toEqual([]);
    expect(gone(other.leader)).toBe(false);
  });

  it("counts a process as running while any of its threads does", async () => {
    // The first thread ends (a zombie) while a second one holds a listening port for 1.5 s, as a
    // multi-threaded server killed in the middle of a disk write does.
    const program = [
      "import ctypes, socket, sys, threading, time",
      "s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen()",
      "threading.Thread(target=lambda: time.sleep(1.5)).start()",
      "print(s.getsockname()[1], flush=True)",
      "ctypes.CDLL(None).pthread_exit(None)",
    ].join("\n");
    const child = spawn("python3", ["-c", program], { stdio: ["ignore", "pipe", "inherit"] });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const port = Number(await new Promise<Buffer>((r) => child.stdout.once("data", r)));
    const start = processStart(child.pid!);
    await expect
      .poll(() => readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]![0])
      .toBe("Z");
    expect(processStart(child.pid!)).toBe(start);
    expect(await portInUse(port)).toBe(true);
    await exited;
    expect(processStart(child.pid!)).toBeUndefined();
  });

  it("reads nothing from a missing or damaged state file", async () => {
    expect(await reapLeftovers("/nonexistent/cluster.json")).toEqual([]);
    expect(await reapLeftovers(stateFile("not a state"))).toEqual([]);
  });
});
