import { describe, expect, it } from "vitest";
import { isoFormatter } from "./client-user.representation";

describe("the list's time formatter", () => {
  it("formats exactly as Date#toISOString", () => {
    const iso = isoFormatter();
    const samples = [
      0,
      1,
      999,
      59_999,
      86_399_999,
      86_400_000,
      Date.UTC(2026, 10, 23, 19, 32, 15, 746),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2000, 0, 1),
      Date.UTC(1969, 11, 31, 23, 59, 59, 5),
    ];
    for (let i = 0; i < 2_000; i++) samples.push(Math.floor(Math.random() * 4_102_444_800_000));
    for (const ms of samples) expect(iso(ms), String(ms)).toBe(new Date(ms).toISOString());
  });
});
