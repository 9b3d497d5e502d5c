import { describe, expect, it } from "vitest";
import { exitCause, FIRST_DELAY_MS, MAX_DELAY_MS, restartDelay } from "./supervision";

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
});
