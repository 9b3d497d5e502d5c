import { describe, expect, it } from "vitest";
import { horizontalScale, linePath, niceMax, plotFrame, verticalScale } from "./chart";

const frame = plotFrame(200, 120, { top: 10, right: 10, bottom: 10, left: 40 });

describe("the chart helpers", () => {
  it("round an axis's top up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect([0, 1, 7, 20, 21, 240, 251, 999, 1001].map(niceMax)).toEqual([
      1, 1, 10, 20, 25, 250, 500, 1000, 2000,
    ]);
  });

  it("place values in the plot area, 0 at the bottom and the smallest at the left", () => {
    const y = verticalScale(frame, 100);
    expect([y(0), y(50), y(100)]).toEqual([110, 60, 10]);
    const x = horizontalScale(frame, 1_000, 3_000);
    expect([x(1_000), x(2_000), x(3_000)]).toEqual([40, 115, 190]);
    // One value on its own still has a place rather than a division by zero.
    expect(horizontalScale(frame, 5, 5)(5)).toBe(40);
  });

  it("draw a line through the values, leaving a gap where one is missing", () => {
    const d = linePath(
      [10, 20, null, 40],
      (i) => i * 10,
      (v) => v,
    );
    expect(d).toBe("M0.0,10.0L10.0,20.0M30.0,40.0");
    expect(
      linePath(
        [null, null],
        (i) => i,
        (v) => v,
      ),
    ).toBe("");
  });
});
