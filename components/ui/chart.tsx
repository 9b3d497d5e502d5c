import { type ReactNode } from "react";

/*
 * What every chart of the console shares: a plot area inside padding, an SVG drawn with
 * presentation attributes and classes only (the console's CSP allows no inline style), named by a
 * sentence that says what the chart shows, and axes whose ticks are lines and labels.
 */

export interface PlotFrame {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export function plotFrame(
  width: number,
  height: number,
  pad: { top: number; right: number; bottom: number; left: number },
): PlotFrame {
  return { width, height, ...pad };
}

export const plotWidth = (f: PlotFrame) => f.width - f.left - f.right;
export const plotHeight = (f: PlotFrame) => f.height - f.top - f.bottom;

/** Where a value in [0, max] stands on the frame's vertical axis (0 at the bottom). */
export function verticalScale(f: PlotFrame, max: number): (value: number) => number {
  return (value) => f.top + (1 - value / max) * plotHeight(f);
}

/** Where a value in [lo, hi] stands on the frame's horizontal axis. */
export function horizontalScale(f: PlotFrame, lo: number, hi: number): (value: number) => number {
  const span = Math.max(1, hi - lo);
  return (value) => f.left + ((value - lo) / span) * plotWidth(f);
}

/** The smallest round number (1, 2, 2.5 or 5 times a power of ten) at or above `value`. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

/**
 * An SVG path through the values in order; a missing value (null) leaves a gap rather than
 * drawing a zero.
 */
export function linePath(
  values: readonly (number | null)[],
  x: (index: number) => number,
  y: (value: number) => number,
): string {
  let d = "";
  let open = false;
  values.forEach((v, i) => {
    if (v === null) {
      open = false;
      return;
    }
    d += `${open ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    open = true;
  });
  return d;
}

/** A chart: an image to assistive technology, named by `summary`, scaled to its container. */
export function Chart({
  frame,
  summary,
  testId,
  children,
}: {
  frame: PlotFrame;
  summary: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      className="h-auto w-full"
      role="img"
      aria-label={summary}
      data-testid={testId}
    >
      {children}
    </svg>
  );
}

/**
 * A tick of an axis, at a position in the chart's coordinates. Its line runs across the plot:
 * `grid` faint, `base` the axis itself, `dashed` a reference value, `none` a label only.
 */
export interface AxisTick {
  at: number;
  label: string;
  line?: "grid" | "base" | "dashed" | "none";
  /** Bottom axis only: how the label is anchored at its tick (the first and last may lean in). */
  anchor?: "start" | "middle" | "end";
}

const TICK_LINE = {
  grid: { className: "stroke-slate-200", dash: undefined },
  base: { className: "stroke-slate-400", dash: undefined },
  dashed: { className: "stroke-slate-200", dash: "2 3" },
} as const;

/**
 * The values of a chart along one side: `left` labels rows of horizontal lines (a value axis),
 * `bottom` labels columns under the plot (days, dates, amounts).
 */
export function Axis({
  frame: f,
  side,
  ticks,
}: {
  frame: PlotFrame;
  side: "left" | "bottom";
  ticks: readonly AxisTick[];
}) {
  return (
    <g className="fill-slate-600 text-[11px]" data-axis={side}>
      {ticks.map((t, i) => {
        const line = t.line && t.line !== "none" ? TICK_LINE[t.line] : null;
        const [x1, x2, y1, y2] =
          side === "left"
            ? [f.left, f.width - f.right, t.at, t.at]
            : [t.at, t.at, f.top, f.height - f.bottom];
        return (
          <g key={`${i}-${t.label}`}>
            {line ? (
              <line
                x1={x1}
                x2={x2}
                y1={y1}
                y2={y2}
                className={line.className}
                strokeDasharray={line.dash}
              />
            ) : null}
            {side === "left" ? (
              <text x={f.left - 6} y={t.at + 4} textAnchor="end">
                {t.label}
              </text>
            ) : (
              <text x={t.at} y={f.height - 6} textAnchor={t.anchor ?? "middle"}>
                {t.label}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
