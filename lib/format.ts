/** Minor units (cents) formatted in their currency, e.g. 24040 EUR → "€240.40". */
export function formatMinor(amountMinor: number | null | undefined, currency = "EUR"): string {
  if (amountMinor === null || amountMinor === undefined) return "—";
  const formatter = new Intl.NumberFormat("en-GB", { style: "currency", currency });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(amountMinor / 10 ** digits);
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "—" : `${dateTime.format(date)} UTC`;
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "—" : dateOnly.format(date);
}

const count = new Intl.NumberFormat("en-GB");
export const formatCount = (n: number) => count.format(n);
