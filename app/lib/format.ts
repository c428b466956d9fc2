/**
 * Dates as the screens show them: French day and time, in French time whatever the machine, so that
 * the server's HTML and the browser's render say the same thing.
 */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/**
 * Made at its first use, not when the module loads: the first formatter of a time zone makes the browser read
 * ICU's zone data, 12-16 ms of a fresh page's main thread on a desktop (more on a phone). The shell imports this
 * module (the bell's dates), and a first screen without dates should not pay for it.
 */
function dateTimeFormatter(): Intl.DateTimeFormat {
  dateTimeFormat ??= new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Paris" });
  return dateTimeFormat;
}

let dateFormat: Intl.DateTimeFormat | undefined;

/** A day as the screens write it (dd/mm/yyyy), in French time: a week, a check's day, the report's dates. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  dateFormat ??= new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "Europe/Paris" });
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormatter().format(date);
}

const moneyFormats = new Map<number, Intl.NumberFormat>();

/** A formatter of US dollars in French ("1 234,50 $") with this many decimals, made once. */
function moneyFormatter(decimals: number): Intl.NumberFormat {
  let format = moneyFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", {
      style: "currency",
      currency: "USD",
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    moneyFormats.set(decimals, format);
  }
  return format;
}

/**
 * Money (the providers' costs, the checks' cap, all in US dollars) as the screens write it: in French, as the
 * console reads it ("0,06 $", "1 234,50 $"), with the currency's two decimals; an amount under a cent (a single
 * call often costs a fraction of one) with four ("0,0015 $"), and under a hundredth of a cent "< 0,0001 $". A chart's
 * axis may ask for its own number of decimals. The one way the product writes an amount (issue 38).
 */
export function formatUsd(value: number | null | undefined, options: { decimals?: number } = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  if (options.decimals !== undefined) return moneyFormatter(options.decimals).format(value);
  const size = Math.abs(value);
  if (size === 0 || size >= 0.01) return moneyFormatter(2).format(value);
  if (size < 0.0001) return `< ${moneyFormatter(4).format(0.0001)}`;
  return moneyFormatter(4).format(value);
}
