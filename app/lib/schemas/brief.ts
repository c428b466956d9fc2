/**
 * A site's brief (issue 16), as its screen posts it and the model takes it: short texts, each optional (a
 * brief is filled a little at a time), and a tone group or none. French, as the brief's screen.
 */
import { toId } from "~/lib/form-id";
import { z } from "~/lib/zod";

export const BRIEF_TEXT_MAX = 2000;
export const TONE_SAMPLES_MAX = 12_000;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Ce champ tient en ${max} caractères.` })
    .optional()
    .transform((value) => value ?? "");

export const briefSchema = z.object({
  audience: text(BRIEF_TEXT_MAX),
  offer: text(BRIEF_TEXT_MAX),
  toneGroup: z.union([z.string(), z.undefined()]).transform((value, ctx) => {
    if (!value || value === "none") return null;
    const id = toId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: "Choisissez un groupe de ton dans la liste." });
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
});

export type BriefInput = z.output<typeof briefSchema>;
