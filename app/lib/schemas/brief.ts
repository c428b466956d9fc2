/**
 * A site's brief (issue 16), as its screen posts it and the model takes it: short texts, each optional (a
 * brief is filled a little at a time), and a tone group or none. French, as the brief's screen.
 *
 * Every field reads an absent key through `.optional()` before its transform: zod 4 refuses a key missing from
 * the input, even when the field's schema accepts undefined, unless the schema is optional itself, and it does
 * so with an issue of its own ('expected nonoptional') that no message of the field's can replace. The tone
 * group was such a field: a brief posted without it showed "Invalid input: expected nonoptional, received
 * undefined" (issue 37).
 */
import { toId } from "~/lib/form-id";
import { OUTLINE_APPROVERS } from "~/lib/outline";
import { z } from "~/lib/zod";

export const BRIEF_TEXT_MAX = 2000;
export const TONE_SAMPLES_MAX = 12_000;
const TONE_GROUP_CHOICE = "Choisissez un groupe de ton dans la liste.";

const text = (max: number) =>
  z
    .string({ error: "Saisissez un texte dans ce champ." })
    .trim()
    .max(max, { error: `Ce champ tient en ${max} caractères.` })
    .optional()
    .transform((value) => value ?? "");

export const briefSchema = z.object({
  audience: text(BRIEF_TEXT_MAX),
  offer: text(BRIEF_TEXT_MAX),
  /**
   * 'none' (the screen's 'Aucun') or empty: no tone group. Absent: the stored one is kept, like the outline
   * step; the screen always posts the field, so only another client leaves it out, and it must not erase a choice.
   */
  toneGroup: z
    .string({ error: TONE_GROUP_CHOICE })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === "" || value === "none") return null;
      const id = toId(value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: TONE_GROUP_CHOICE });
        return z.NEVER;
      }
      return id;
    }),
  toneSamples: text(TONE_SAMPLES_MAX),
  topicsToCover: text(BRIEF_TEXT_MAX),
  topicsToAvoid: text(BRIEF_TEXT_MAX),
  competitors: text(BRIEF_TEXT_MAX),
  wordsToUse: text(BRIEF_TEXT_MAX),
  /** 'outline': an outline is approved before each article; 'direct': articles are written at once. Absent: unchanged. */
  outlineStep: z
    .enum(["outline", "direct"], { error: "Choisissez si un plan est validé avant chaque article." })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "outline")),
  /** Who approves the outlines (issue 38): the client, or the team for them. Absent: unchanged. */
  outlineApprover: z.enum(OUTLINE_APPROVERS, { error: "Choisissez qui valide le plan." }).optional(),
});

export type BriefInput = z.output<typeof briefSchema>;
