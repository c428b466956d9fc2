/** The console's forms (issue 14), checked in the browser and again by the actions. */
import { z } from "~/lib/zod";
import { emailField } from "./auth";

export const INBOX_REPLY_LIMITS = { subject: 200, body: 20_000 } as const;

/** An e-mail to the person behind an inbox item: one of the item's addresses, a subject and a text. */
export const inboxReplySchema = z.object({
  to: emailField,
  subject: z
    .string({ error: "L'objet est requis" })
    .trim()
    .min(1, "L'objet est requis")
    .max(INBOX_REPLY_LIMITS.subject, `L'objet ne peut pas dépasser ${INBOX_REPLY_LIMITS.subject} caractères`),
  body: z
    .string({ error: "Le message est requis" })
    .trim()
    .min(1, "Le message est requis")
    .max(INBOX_REPLY_LIMITS.body, `Le message ne peut pas dépasser ${INBOX_REPLY_LIMITS.body} caractères`),
});
export type InboxReply = z.infer<typeof inboxReplySchema>;

/** Who takes an item: a team member's id, or nobody (''). */
export const inboxAssignSchema = z.object({
  assignee: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v || null),
});

/** Giving a site to an existing client, or inviting someone to take it: their e-mail address. */
export const siteRecipientSchema = z.object({ email: emailField });

/** The console's site list: search and owner filter. */
export const SITE_OWNER_FILTERS = { all: "Tous", unowned: "Sans client", owned: "Avec client" } as const;
export type SiteOwnerFilter = keyof typeof SITE_OWNER_FILTERS;

/** The console's account list: role filter. */
export const ACCOUNT_ROLE_FILTERS = { all: "Tous", client: "Clients", team: "Équipe", admin: "Administrateurs" } as const;
export type AccountRoleFilter = keyof typeof ACCOUNT_ROLE_FILTERS;

export const ROLE_LABELS = { client: "Client", team: "Équipe", admin: "Administrateur" } as const;

/** An admin gives an account a role. */
export const setRoleSchema = z.object({ role: z.enum(["client", "team", "admin"], { error: "Choisissez un rôle." }) });

/** An admin bans an account, with an optional reason the account is told. */
export const banSchema = z.object({
  reason: z.string().trim().max(300, "La raison ne peut pas dépasser 300 caractères").optional().default(""),
});

/** Rows per page of the console's site and account lists. */
export const TEAM_SITES_PAGE_SIZE = 30;
export const TEAM_ACCOUNTS_PAGE_SIZE = 30;
