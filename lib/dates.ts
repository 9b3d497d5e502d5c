/**
 * Dates typed into the console, in UTC. Every date the console shows reads "23 Nov 2026", so
 * its date fields are text fields that show that form too (a native date input would show the
 * browser's locale, e.g. mm/dd/yyyy) and accept it, ISO dates, and "23.11.2026".
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_NAMES = MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1));

function utc(year: number, month: number, day: number, hour = 0, minute = 0): Date | null {
  if (year < 1970 || year > 9999 || hour > 23 || minute > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? date
    : null;
}

/** A typed date, optionally with a time (`HH:MM`, UTC); null when it is not one. */
export function parseDateTime(text: string): Date | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, " ");
  const time = /(?:[ t](\d{1,2}):(\d{2}))?(?::00(?:\.0+)?)?z?$/;
  let m = new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})${time.source}`).exec(value);
  if (m) return utc(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0));
  m = new RegExp(`^(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})${time.source}`).exec(value);
  if (m) return utc(+m[3]!, +m[2]!, +m[1]!, +(m[4] ?? 0), +(m[5] ?? 0));
  m = new RegExp(`^(\\d{1,2}) ([a-z]{3})[a-z]*\\.? (\\d{4}),?${time.source}`).exec(value);
  if (m) {
    const month = MONTHS.indexOf(m[2]!) + 1;
    return month ? utc(+m[3]!, month, +m[1]!, +(m[4] ?? 0), +(m[5] ?? 0)) : null;
  }
  return null;
}

/** A typed day as `YYYY-MM-DD` (for addresses and filters); null when it is not one. */
export function parseDay(text: string): string | null {
  const date = parseDateTime(text);
  return date ? date.toISOString().slice(0, 10) : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** How a day is written into a date field: "23 Nov 2026". */
export function dayForInput(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date =
    typeof value === "string"
      ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
      : value;
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** How a moment is written into a date-and-time field: "23 Nov 2026 14:30". */
export function dateTimeForInput(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return `${dayForInput(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** The moment `days` days before now (0: now), for default periods of forms. */
export function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 86_400_000);
}
