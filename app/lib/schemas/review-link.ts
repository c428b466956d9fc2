/**
 * The review link's two forms (issue 16), posted by someone without an account on /r/:token: a comment on the
 * article or on a passage, and a decision (approve, or ask for changes) with a message. French, as the page.
 */
import { REVIEW_LIMITS } from "~/lib/review-link";
import { z } from "~/lib/zod";

const name = z
  .string()
  .trim()
  .min(1, { error: "Indiquez votre nom." })
  .max(REVIEW_LIMITS.name, { error: `Votre nom tient en ${REVIEW_LIMITS.name} caractères.` });
const text = (required: string) =>
  z
    .string()
    .trim()
    .min(1, { error: required })
    .max(REVIEW_LIMITS.body, { error: `Le texte tient en ${REVIEW_LIMITS.body} caractères.` });
const position = z.coerce.number().int().min(0).max(10_000_000);

export const guestCommentSchema = z.object({
  name,
  body: text("Écrivez votre commentaire."),
  quote: z.string().max(REVIEW_LIMITS.quote).optional(),
  quoteStart: z.union([z.literal(""), position]).optional(),
  quoteEnd: z.union([z.literal(""), position]).optional(),
});

export const guestDecisionSchema = z.object({
  name,
  body: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.body, { error: `Le texte tient en ${REVIEW_LIMITS.body} caractères.` }),
});
