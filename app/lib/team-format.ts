/** How the console writes dates: in French, at the team's time (Paris). */
const dateTime = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Paris" });
const dateTimeSeconds = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Paris" });

export function teamDateTime(value: Date | string, { seconds = false } = {}): string {
  return (seconds ? dateTimeSeconds : dateTime).format(new Date(value));
}
