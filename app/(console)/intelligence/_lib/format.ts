/** How the Intelligence views write codes, optional numbers and fractions. */
export const words = (code: string | null | undefined) => (code ? code.replace(/_/g, " ") : "—");
export const num = (v: number | null | undefined, suffix = "") =>
  v === null || v === undefined ? "—" : `${v}${suffix}`;
export const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? "—" : `${Math.round(v * 1000) / 10} %`;
