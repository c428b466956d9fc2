/**
 * The time the results' schedules and snapshots go by (issue 17). It is the machine's clock, except in a server
 * started by the end-to-end tests, whose test-only route (server/test-sign-in.ts) moves it forward to simulate
 * weeks passing. Nothing else is kept here: the schedules' state lives in the database.
 */
let offsetMs = 0;

export function clockNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** TEST ONLY (the end-to-end tests' route): moves the clock to `to` (never back before the machine's time). */
export function setClockForTests(to: Date): void {
  offsetMs = Math.max(0, to.getTime() - Date.now());
}
