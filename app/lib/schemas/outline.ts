/**
 * The outline screen's forms (issue 16), parsed in the browser (useSchemaForm) and again by the route's action:
 * the outline as edited (saved, or saved and approved: intent save | approve), and a request for a new outline
 * with what to change (intent new-outline). English, as the page screens.
 */
import { listItems, OUTLINE_LIMITS, parsePlan } from "~/lib/outline";
import { idField } from "~/lib/schemas/id";
import { webAddress } from "~/lib/schemas/publishing";
import { z } from "~/lib/zod";

/** A text that may be left empty; a field of another kind (a file, a repeated field) is refused. */
const optionalText = z
  .string({ error: "Enter text in this field." })
  .optional()
  .transform((value) => (value ?? "").trim());

export const outlineSchema = z
  .object({
    outlineId: idField("This outline no longer exists."),
    title: z
      .string({ error: "Give the article a title." })
      .trim()
      .min(1, { error: "Give the article a title." })
      .max(OUTLINE_LIMITS.title, { error: `The title holds ${OUTLINE_LIMITS.title} characters.` }),
    angle: optionalText.pipe(z.string().max(OUTLINE_LIMITS.angle, { error: `The angle holds ${OUTLINE_LIMITS.angle} characters.` })),
    plan: optionalText.transform((text, ctx) => {
      const plan = parsePlan(text);
      if (!plan.ok) {
        ctx.addIssue({ code: "custom", message: plan.problem });
        return z.NEVER;
      }
      return plan.sections;
    }),
    keywords: optionalText.transform((text, ctx) => {
      const items = listItems(text, { commas: true });
      if (items.length > OUTLINE_LIMITS.keywords) ctx.addIssue({ code: "custom", message: `At most ${OUTLINE_LIMITS.keywords} keywords.` });
      if (items.some((item) => item.length > OUTLINE_LIMITS.keyword)) {
        ctx.addIssue({ code: "custom", message: `A keyword holds ${OUTLINE_LIMITS.keyword} characters.` });
      }
      return items;
    }),
    sources: optionalText.transform((text, ctx) => {
      const items = listItems(text);
      if (items.length > OUTLINE_LIMITS.sources) ctx.addIssue({ code: "custom", message: `At most ${OUTLINE_LIMITS.sources} sources.` });
      if (items.some((item) => item.length > OUTLINE_LIMITS.source)) {
        ctx.addIssue({ code: "custom", message: `A source holds ${OUTLINE_LIMITS.source} characters.` });
      }
      return items;
    }),
  })
  // The plan is edited as text and kept as its sections.
  .transform(({ plan, ...outline }) => ({ ...outline, sections: plan }));

export type OutlineInput = Omit<z.output<typeof outlineSchema>, "outlineId">;

export const newOutlineSchema = z.object({
  instructions: optionalText.pipe(
    z.string().max(OUTLINE_LIMITS.instructions, { error: `Your instructions hold ${OUTLINE_LIMITS.instructions} characters.` }),
  ),
});

/** A source of one's own for the evidence pack (issue 40): an http(s) address, read at once. */
export const evidenceSourceSchema = z.object({
  url: webAddress("Enter the source's address, starting with https://"),
});

/** A passage of the pack to take out or put back. */
export const evidencePassageSchema = z.object({
  evidenceId: idField("This passage is no longer in the pack."),
});
