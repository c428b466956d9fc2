/**
 * `npm run team:add -- someone@example.com admin|team` (issue 14): makes the account a team account with that
 * role, creating it when there is none, and e-mails the person a link to choose a password (valid 24 hours).
 * The first admin is made this way; later ones can be too. At their first sign-in, team accounts set up
 * two-factor sign-in before anything else. With the embedded database, stop the server first (it holds DATA_DIR).
 */
import { settleQueuedMail } from "../app/jobs/outbox.server";
import { addTeamAccount, teamAccountInput } from "../app/services/team-accounts.server";
import { databaseCommand } from "./database-command";

const USAGE = "Usage: npm run team:add -- <e-mail> admin|team";

async function main(): Promise<number> {
  const [email, role = "team"] = process.argv.slice(2);
  const input = teamAccountInput.safeParse({ email, role });
  if (!input.success) {
    console.error(`${input.error.issues.map((issue) => issue.message).join(" ")}\n${USAGE}`);
    return 2;
  }
  return databaseCommand(async () => {
    const { created, previousRole, sessionsEnded } = await addTeamAccount(input.data);
    await settleQueuedMail();
    const what = created ? "Account created" : `Account found (role: ${previousRole ?? "client"})`;
    const ended = created
      ? ""
      : `\nIts ${sessionsEnded === 1 ? "session was" : `${sessionsEnded} sessions were`} ended: it signs in again.`;
    console.log(
      `${what}: ${input.data.email} is now ${input.data.role === "admin" ? "an admin" : "a team member"}.${ended}\n` +
        "A link to choose a password was e-mailed (with the default settings, see the outbox under DATA_DIR/outbox).",
    );
    return 0;
  });
}

process.exitCode = await main();
