/**
 * The review link's two forms (issue 16), posted by someone without an account on /r/:token: a comment on the
 * article or on a passage, and a decision (approve, or ask for changes) with a message. French, as the page.
 */
import { REVIEW_LIMITS } from "~/lib/review-link";
import { z } from "~/lib/zod";

/** A commented passage the page's script did not send as it does (its words, or where they are in the article). */
export const PASSAGE_INVALID = "Le passage commenté n'est pas valable : sélectionnez-le de nouveau.";

const name = z
  .string({ error: "Indiquez votre nom." })
  .trim()
  .min(1, { error: "Indiquez votre nom." })
  .max(REVIEW_LIMITS.name, { error: `Votre nom tient en ${REVIEW_LIMITS.name} caractères.` });
const text = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(REVIEW_LIMITS.body, { error: `Le texte tient en ${REVIEW_LIMITS.body} caractères.` });
const position = z.coerce.number({ error: PASSAGE_INVALID }).int({ error: PASSAGE_INVALID }).min(0).max(10_000_000);

/** An address to be told of the next round (issue 38): optional; when given, a valid one. */
export const WATCHER_EMAIL_INVALID = "Cette adresse e-mail n'est pas valable : corrigez-la, ou laissez le champ vide.";
const watcherEmail = z
  .string({ error: WATCHER_EMAIL_INVALID })
  .trim()
  .max(254, { error: WATCHER_EMAIL_INVALID })
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    if (!z.email().safeParse(value).success) {
      ctx.addIssue({ code: "custom", message: WATCHER_EMAIL_INVALID });
      return z.NEVER;
    }
    return value.toLowerCase();
  });

export const guestCommentSchema = z.object({
  name,
  body: text("Écrivez votre commentaire."),
  email: watcherEmail,
  quote: z.string({ error: PASSAGE_INVALID }).max(REVIEW_LIMITS.quote).optional(),
  quoteStart: z.union([z.literal(""), position], { error: PASSAGE_INVALID }).optional(),
  quoteEnd: z.union([z.literal(""), position], { error: PASSAGE_INVALID }).optional(),
});

export const guestDecisionSchema = z.object({
  name,
  /** Required to ask for changes (the action says so), not to approve: absent reads as empty. */
  body: z
    .string({ error: "Écrivez votre message." })
    .trim()
    .max(REVIEW_LIMITS.body, { error: `Le texte tient en ${REVIEW_LIMITS.body} caractères.` })
    .optional()
    .transform((value) => value ?? ""),
});
