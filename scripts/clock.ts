/**
 * `npm run clock -- 2027-01-04T08:00:00Z`: moves the clock of a running local server forward (its results'
 * schedule and snapshots, issue 17) and claims the checks then due, to watch weeks pass in a demo. It uses the
 * demo clock route (docs/decisions/014-test-only-sign-in.md), which exists only in a server started with
 * DEMO_CLOCK_TOKEN set (it makes no account): give this command the same value. SERVER_URL defaults to
 * http://localhost:3000.
 */
const [to] = process.argv.slice(2);
const token = process.env.DEMO_CLOCK_TOKEN;
const server = process.env.SERVER_URL ?? "http://localhost:3000";
if (!to || Number.isNaN(new Date(to).getTime()) || !token) {
  console.error("Usage: DEMO_CLOCK_TOKEN=<the server's value> npm run clock -- <ISO date, e.g. 2027-01-04T08:00:00Z>");
  process.exit(1);
}
const answer = await fetch(new URL("/__e2e/clock", server), {
  method: "POST",
  headers: { "content-type": "application/json", "x-demo-clock-token": token },
  body: JSON.stringify({ to: new Date(to).toISOString() }),
}).catch(() => {
  console.error(`Could not reach ${server}: is the product started (SERVER_URL names another address)?`);
  process.exit(1);
});
if (!answer.ok) {
  console.error(`The server answered ${answer.status}: is it started with the same DEMO_CLOCK_TOKEN?`);
  process.exit(1);
}
const { claims } = (await answer.json()) as { claims: { siteId: number; period: string; status: string; queued: number }[] };
console.log(`Clock at ${new Date(to).toISOString()}.`);
for (const claim of claims)
  console.log(`site ${claim.siteId}: ${claim.period} ${claim.status}${claim.queued ? ` (${claim.queued} checks queued)` : ""}`);
if (claims.length === 0) console.log("No site had checks due.");
export {};
