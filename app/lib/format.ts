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

export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormatter().format(date);
}
