/**
 * Team accounts made from the command line (`npm run team:add`, issue 14): the first admin, and any team
 * member before the console can invite them. An existing account is promoted (its password is kept, its sessions
 * end: the person signs in again, and sets up two-factor sign-in for the console); a new one is made with its
 * address confirmed and no password, and both get a link to choose one.
 */
import crypto from "node:crypto";
import { z } from "zod";
import { BRAND_NAME } from "~/lib/constants";
import { endSessionsOf } from "./auth-second-factor.server";
import { getAuth } from "./auth.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { actionMail, queueMail } from "./mail.server";
import { writeAudit } from "./team-audit.server";
import type { TeamRole } from "./team-roles.server";

/** How long the link to choose a password stays valid: a day, since the person may not read it at once. */
const SET_PASSWORD_LINK_HOURS = 24;

export const teamAccountInput = z.object({
  email: z.email({ error: "Give a valid e-mail address." }).transform((email) => email.toLowerCase()),
  role: z.enum(["team", "admin"], { error: "The role is 'team' or 'admin'." }),
});

export type TeamAccountResult = { userId: string; created: boolean; previousRole: string | null; sessionsEnded: number };

/**
 * Makes `email` a team account with `role`, creating it when there is none, and e-mails a link to choose a
 * password (the same screen and token as a password reset, valid 24 hours).
 */
export async function addTeamAccount(input: { email: string; role: TeamRole }): Promise<TeamAccountResult> {
  const { email, role } = teamAccountInput.parse(input);
  const context = await (await getAuth()).$context;
  const existing = await context.internalAdapter.findUserByEmail(email);
  let userId: string;
  let previousRole: string | null = null;
  let sessionsEnded = 0;
  if (existing) {
    userId = existing.user.id;
    previousRole = (existing.user as { role?: string | null }).role ?? null;
    await context.internalAdapter.updateUser(userId, { role, emailVerified: true });
    // The sessions opened as a client do not become team sessions (ASVS 7.4.3, issue 37).
    sessionsEnded = await endSessionsOf(userId);
  } else {
    const name = email.split("@")[0]!;
    const user = await context.internalAdapter.createUser({ email, name, emailVerified: true, role }, { method: "admin" });
    userId = user.id;
  }

  // Logged as soon as the role is set, before anything else can fail.
  await writeAudit({
    actor: "command line",
    action: "role.set",
    record: { type: "user", id: userId },
    details: { email, role, previousRole: previousRole ?? "client", created: !existing, sessionsEnded },
  });

  // better-auth's reset token: /auth/update-password takes it, and sets the password (creating the credential
  // account of an account that has none).
  const token = crypto.randomBytes(24).toString("base64url");
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_HOURS * 3600_000),
  });
  const url = `${getEnv().PUBLIC_URL}/auth/update-password?token=${encodeURIComponent(token)}`;
  const roleName = role === "admin" ? "administrateur de l'équipe" : "membre de l'équipe";
  await queueMail(
    actionMail({
      to: email,
      subject: `Votre compte équipe ${BRAND_NAME}`,
      greeting: "Bonjour,",
      lines: [
        `Votre compte ${BRAND_NAME} est maintenant celui d'un ${roleName}.`,
        "Choisissez votre mot de passe, puis, à la première connexion, activez la connexion en deux étapes (une application d'authentification suffit).",
        `Ce lien est valable ${SET_PASSWORD_LINK_HOURS} heures.`,
      ],
      action: "Choisir mon mot de passe",
      url,
      footer: "Si vous n'attendiez pas ce message, ignorez-le et prévenez l'équipe.",
    }),
  );
  logger.info({ userId, role, previousRole, created: !existing, sessionsEnded }, "team account added from the command line");
  return { userId, created: !existing, previousRole, sessionsEnded };
}
