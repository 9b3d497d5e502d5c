/**
 * How many Sub-user lists an instance builds in memory at once. A list of 20,000 (the most that
 * is built whole; longer ones stream) takes 18 to 31 MB of heap while it is built, and only one
 * call per Client runs at a time, so sixteen Masters reading at once needed more than the
 * service's 256 MB old generation (`SERVICE_NODE_FLAGS`) and ended the process. Calls beyond the
 * bound wait their turn, in order.
 */
export class ListBuilds {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Builds begun, and the most that ran at once (for tests and benchmarks). */
  begun = 0;
  busiest = 0;

  constructor(readonly size: number) {}

  /** Waits for a turn; the function returned ends it (call it once, whatever happens). */
  async take(): Promise<() => void> {
    if (this.running >= this.size) await new Promise<void>((turn) => this.waiting.push(turn));
    else this.running++;
    this.begun++;
    this.busiest = Math.max(this.busiest, this.running);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next in line: `running` stays as it is.
      if (next) next();
      else this.running--;
    };
  }
}
