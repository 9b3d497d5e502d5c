import Negotiator from "negotiator";
import { createFormatter } from "next-intl";
import type { Language } from "./languages";

/**
 * How numbers, money and dates are written, chosen apart from the language: an English
 * interface with German formats is a valid choice. Each is a locale whose conventions it takes;
 * every form is numeric (`27.11.2026`, `27/11/2026`, `11/27/2026`), so no format brings words of
 * another language onto a page.
 */
export const FORMATS = ["de-DE", "en-GB", "en-US"] as const;
export type Format = (typeof FORMATS)[number];

export function isFormat(value: unknown): value is Format {
  return typeof value === "string" && (FORMATS as readonly string[]).includes(value);
}

/** The formats of a language's own speakers, for a browser that asks for no region we know. */
export const FORMAT_OF_LANGUAGE: Record<Language, Format> = { en: "en-GB", de: "de-DE" };

/**
 * The formats an `Accept-Language` names exactly (`en-US`), else those of the language's own
 * speakers.
 */
export function formatFromAcceptLanguage(header: string | null, language: Language): Format {
  // In the browser's order of preference (its weights), without those it refuses (q=0).
  const asked = new Negotiator({ headers: { "accept-language": header ?? "" } }).languages();
  for (const part of asked) {
    const tag = part.trim().toLowerCase();
    if (tag === "*") break;
    const found = FORMATS.find((f) => f.toLowerCase() === tag);
    if (found) return found;
    if (tag.length > 0 && !tag.startsWith(language)) break;
  }
  return FORMAT_OF_LANGUAGE[language];
}

/** A browser's own choice of formats and time zone (a key's session; before signing in). */
export const FORMATS_COOKIE = "console_formats";
export const TIME_ZONE_COOKIE = "console_time_zone";
/** The browser's own time zone, as its script reports it: the default where none was chosen. */
export const BROWSER_TIME_ZONE_COOKIE = "console_browser_time_zone";

/** The time zone of a browser that has not said its own yet (the first response it gets). */
export const DEFAULT_TIME_ZONE = "UTC";

/** The zones a person may choose: the runtime's canonical names, UTC first. */
export const TIME_ZONES: readonly string[] = [
  "UTC",
  ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC"),
];

/** A time zone the runtime knows by this name (IANA: `Europe/Berlin`, `UTC`). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** What one request writes with: the same on the server and in the browser it renders for. */
export interface FormatSettings {
  format: Format;
  timeZone: string;
  /** "Now" of the request, in ms: relative times agree between server and browser. */
  now: number;
}

export interface Formats {
  /** Minor units (cents) in their currency: 123456 EUR → `1.234,56 €` or `€1,234.56`. */
  money(amountMinor: number | null | undefined, currency?: string): string;
  count(n: number): string;
  /** A day, in the time zone: `27.11.2026`. */
  date(value: string | Date | null | undefined): string;
  /** A moment to the minute, in the time zone: `27.11.2026, 14:05`. */
  dateTime(value: string | Date | null | undefined): string;
  /**
   * A moment to the second, in the time zone with its offset, for a record: `27.11.2026,
   * 14:05:09 GMT+1` (the hour a clock goes back happens twice; the offset tells them apart).
   */
  timestamp(value: string | Date | null | undefined): string;
  /** Between a CSV's fields in a spreadsheet of these formats: `;` where `,` is the decimal mark. */
  listSeparator: "," | ";";
  /**
   * A calendar day that is no moment: a date-only value (`2019-03-14`, a first registration) or
   * a UTC day's start (billing periods and daily figures are UTC days). Written as that day,
   * whatever the time zone, so New York never sees a period start on the 31st.
   */
  day(value: string | Date | null | undefined): string;
  /** Such a day without its year, for a chart's axis: `14.03.`, `14/03`, `3/14`. */
  dayOfYear(value: string | Date | null | undefined): string;
}

const NONE = "—";

function asDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The one formatter every amount and date goes through (next-intl's, on Intl). */
export function formatsFor(settings: FormatSettings): Formats {
  const formatter = createFormatter({
    // AppConfig types next-intl's locale as a message language; formats take a region's own.
    locale: settings.format as unknown as Language,
    timeZone: settings.timeZone,
    now: new Date(settings.now),
  });
  const day = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
  return {
    money(amountMinor, currency = "EUR") {
      if (amountMinor === null || amountMinor === undefined) return NONE;
      const digits =
        new Intl.NumberFormat(settings.format, { style: "currency", currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
      return formatter.number(amountMinor / 10 ** digits, { style: "currency", currency });
    },
    count: (n) => formatter.number(n),
    date(value) {
      const date = asDate(value);
      return date ? formatter.dateTime(date, day) : NONE;
    },
    dateTime(value) {
      const date = asDate(value);
      return date ? formatter.dateTime(date, { ...day, hour: "2-digit", minute: "2-digit" }) : NONE;
    },
    timestamp(value) {
      const date = asDate(value);
      // Intl itself: next-intl's options type lacks the offset's `shortOffset`.
      return date
        ? new Intl.DateTimeFormat(settings.format, {
            ...day,
            hour: "2-digit",
            minute: "2-digit",
            second: "2-digit",
            timeZone: settings.timeZone,
            timeZoneName: "shortOffset",
          }).format(date)
        : NONE;
    },
    listSeparator:
      new Intl.NumberFormat(settings.format).formatToParts(1.5).find((p) => p.type === "decimal")
        ?.value === ","
        ? ";"
        : ",",
    day(value) {
      const date = asDate(value);
      return date ? formatter.dateTime(date, { ...day, timeZone: "UTC" }) : NONE;
    },
    dayOfYear(value) {
      const date = asDate(value);
      return date
        ? formatter.dateTime(date, { month: "2-digit", day: "2-digit", timeZone: "UTC" })
        : NONE;
    },
  };
}
