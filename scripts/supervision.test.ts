import { describe, expect, it } from "vitest";
import { freePort } from "@/lib/net/free-port";
import {
  exitCause,
  FIRST_DELAY_MS,
  MAX_DELAY_MS,
  restartDelay,
  serveClusterMetrics,
} from "./supervision";

describe("supervision", () => {
  it("waits longer after each exit in a row, within its bound", () => {
    const delays = [1, 2, 3, 4, 5, 10, 20].map(restartDelay);
    expect(delays.slice(0, 5)).toEqual([250, 500, 1_000, 2_000, 4_000]);
    expect(delays.at(-1)).toBe(MAX_DELAY_MS);
    expect(restartDelay(0)).toBe(FIRST_DELAY_MS);
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
  });

  it("names how an instance ended", () => {
    expect(exitCause(null, "SIGKILL")).toEqual({ cause: "signal", said: "signal SIGKILL" });
    expect(exitCause(0, null)).toEqual({ cause: "exit", said: "exit code 0" });
    expect(exitCause(1, null)).toEqual({ cause: "error", said: "exit code 1" });
  });

  it("counts every instance's restarts from 0, so the first restart is an increase", async () => {
    const metrics = await serveClusterMetrics(await freePort());
    try {
      metrics.up("service", 1, false);
      const read = async () =>
        (await (await fetch(`http://${metrics.address}/metrics`)).text())
          .split("\n")
          .filter((l) => l.startsWith("cluster_instance_restarts_total{"));
      expect(await read()).toEqual([
        'cluster_instance_restarts_total{kind="service",instance="1",cause="signal"} 0',
        'cluster_instance_restarts_total{kind="service",instance="1",cause="exit"} 0',
        'cluster_instance_restarts_total{kind="service",instance="1",cause="error"} 0',
      ]);
      metrics.restarted("service", 1, "signal");
      expect(await read()).toContain(
        'cluster_instance_restarts_total{kind="service",instance="1",cause="signal"} 1',
      );
    } finally {
      await metrics.close();
    }
  });
});
