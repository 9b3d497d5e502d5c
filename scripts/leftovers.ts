import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";

/**
 * What a cluster launcher killed outright (SIGKILL, or its machine's supervisor giving up on it)
 * leaves running: its instances, nginx and its workers, Prometheus. Unsupervised, they would
 * hold the topology's ports, so the next start ends them first. Each is recorded with its
 * kernel start time, so a process that later took the same pid is never touched.
 */
export const recordedProcess = z.object({
  what: z.string(),
  pid: z.number().int().positive(),
  start: z.string(),
  /** Ended with its whole process group (nginx's master and its workers). */
  group: z.boolean().default(false),
});
export type RecordedProcess = z.input<typeof recordedProcess>;

const recordedState = z.object({
  pid: z.number().int().positive(),
  start: z.string().optional(),
  processes: z.array(recordedProcess).default([]),
});

/** The kernel's start time of a process (ticks since boot), or undefined when it is gone. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces), from the third (the state); num_threads
    // is the 20th, starttime the 22nd. A zombie (Z) ended and was not yet reaped, unless other
    // threads of it still run: a multi-threaded process killed outright (Prometheus in the middle
    // of a disk write) shows its first thread as a zombie while the rest finish, and holds its
    // files and ports until the last one has.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[0] === "Z" && Number(fields[17]) <= 1 ? undefined : fields[19];
  } catch {
    return undefined;
  }
}

export function recorded(what: string, pid: number | undefined, group = false) {
  const start = pid ? processStart(pid) : undefined;
  return pid && start ? [{ what, pid, start, group }] : [];
}

/**
 * Ends what the launcher recorded in `stateFile` left running, when that launcher itself is gone;
 * returns what was ended. A launcher still running keeps its processes.
 */
export async function reapLeftovers(stateFile: string): Promise<string[]> {
  if (!existsSync(stateFile)) return [];
  let state: z.output<typeof recordedState>;
  try {
    state = recordedState.parse(JSON.parse(readFileSync(stateFile, "utf8")));
  } catch {
    return [];
  }
  if (state.start && processStart(state.pid) === state.start) return [];
  const left = state.processes.filter((p) => processStart(p.pid) === p.start);
  for (const p of left) {
    try {
      process.kill(p.group ? -p.pid : p.pid, "SIGKILL");
    } catch {
      // Gone meanwhile.
    }
  }
  // A process killed in the middle of disk writes (Prometheus flushing its store on a busy disk)
  // holds its ports until the kernel has finished them: the start's port checks come after this.
  const deadline = Date.now() + 30_000;
  while (left.some((p) => processStart(p.pid) === p.start) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  return left.map((p) => `${p.what} (pid ${p.pid})`);
}
