/** The console's forms (issue 14), checked in the browser and again by the actions. */
import { z } from "~/lib/zod";
import { OUTLINE_APPROVERS } from "~/lib/outline";
import { checkPrompts, MAX_SAMPLES, MIN_SAMPLES, SAMPLES_ERROR } from "~/lib/visibility/prompts";
import { emailField } from "./auth";
import { idField } from "./id";
import { TOPIC_MAX } from "./public-form-fields";

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
    .string({ error: "Choisissez un membre de l'équipe dans la liste." })
    .max(100, "Choisissez un membre de l'équipe dans la liste.")
    .optional()
    .transform((v) => v || null),
});

/** The longest instructions a revision takes (the reviewers' comments, as the team leaves them). */
export const REVISION_INSTRUCTIONS_MAX = 20_000;

/** The team confirms a revision's instructions (issue 38): the request, and the instructions as the team leaves them. */
export const revisionConfirmSchema = z.object({
  request: idField("Rechargez la page : cette révision n'est plus la même."),
  instructions: z
    .string({ error: "Écrivez ce que la révision doit changer." })
    .trim()
    .min(1, "Écrivez ce que la révision doit changer.")
    .max(REVISION_INSTRUCTIONS_MAX, `Les consignes ne peuvent pas dépasser ${REVISION_INSTRUCTIONS_MAX} caractères.`),
});

/** A checkbox of the team's site settings: 'on', or absent. */
const siteSwitch = (problem: string) =>
  z
    .string({ error: problem })
    .max(10, problem)
    .optional()
    .transform((v) => v === "on");

/** Whether a site's revisions wait for the team ('on') or run at once (absent). */
export const revisionsWaitSchema = z.object({ wait: siteSwitch("Choisissez si les révisions attendent l'équipe.") });

/** Whether the site refuses to publish a version with broken or unsupported sources ('on'), or asks first (absent). */
export const refuseSourcesSchema = z.object({ refuse: siteSwitch("Choisissez si la publication est refusée.") });

/**
 * Starting a first-article request's trial article (issue 38): the topic or keyword (the page's name and keyword),
 * who approves its outline, and the site's language when the request gave none.
 */
export const trialStartSchema = z.object({
  topic: z
    .string({ error: "Saisissez le sujet ou le mot-clé de l'article." })
    .trim()
    .min(1, "Saisissez le sujet ou le mot-clé de l'article.")
    .max(TOPIC_MAX, `Le sujet tient en ${TOPIC_MAX} caractères.`),
  approver: z.enum(OUTLINE_APPROVERS, { error: "Choisissez qui valide le plan." }),
  language: z
    .string({ error: "Choisissez la langue du site dans la liste." })
    .trim()
    .regex(/^([a-z]{2,3})?$/, "Choisissez la langue du site dans la liste.")
    .optional()
    .transform((v) => v || null),
});
export type TrialStart = z.output<typeof trialStartSchema>;

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
  reason: z
    .string({ error: "Écrivez la raison en quelques mots." })
    .trim()
    .max(300, "La raison ne peut pas dépasser 300 caractères")
    .optional()
    .default(""),
});

/** A site's sample size (issue 42): how many times each prompt is asked of each model per period, a whole number. */
export const samplesSchema = z.object({
  samples: z
    .string({ error: SAMPLES_ERROR })
    .trim()
    .regex(/^\d{1,2}$/, SAMPLES_ERROR)
    .transform(Number)
    .refine((n) => n >= MIN_SAMPLES && n <= MAX_SAMPLES, SAMPLES_ERROR),
});

const PROMPTS_FIELDS_ERROR = "Écrivez les questions dans leurs champs, puis enregistrez.";

/**
 * A page's prompts as the team writes them (issue 42): the page, and the text of each field (`prompts[0]` to
 * `prompts[4]`, or `prompts` repeated); blank fields are left out, the rest checked by checkPrompts, whose French
 * refusal is said on the field at fault (`prompts[i]`), or on the list.
 */
export const pagePromptsSchema = z.object({
  page: idField("Cette page n'est pas reconnue : rechargez la page, puis réessayez."),
  prompts: z
    .union([z.string(), z.array(z.string())], { error: PROMPTS_FIELDS_ERROR })
    .optional()
    .transform((typed, ctx) => {
      const checked = checkPrompts(typed === undefined ? [] : typeof typed === "string" ? [typed] : typed);
      if (checked.ok) return checked.prompts;
      ctx.addIssue({ code: "custom", message: checked.error, path: checked.field === undefined ? [] : [checked.field] });
      return z.NEVER;
    }),
});

/** Rows per page of the console's site and account lists. */
export const TEAM_SITES_PAGE_SIZE = 30;
export const TEAM_ACCOUNTS_PAGE_SIZE = 30;
/** Pages per page of a site's prompts in the console (issue 42): each comes with its prompts and their form. */
export const TEAM_PROMPT_PAGES_PAGE_SIZE = 20;

/** An OpenRouter model id: "vendor/model" (letters, digits, '.', '-', '_', ':'). */
const MODEL_ID = /^[A-Za-z0-9._-]+\/[A-Za-z0-9._:-]+$/;
const MODEL_MESSAGE = "Un modèle OpenRouter s'écrit « fournisseur/modèle », par exemple openai/gpt-4o-mini";

/** How an LLM answers (issue 42): with OpenRouter's web search ("web") or from what it learnt ("memory"). */
export const LLM_SEARCH_MODES = { web: "Recherche web", memory: "Mémoire" } as const;

/**
 * An LLM the llm_answers work asks: its name, its OpenRouter model, an optional fallback model, active or not, and
 * whether it answers with the web search (`webSearch`: 'web' or 'memory', read as true or false; memory when absent).
 */
export const llmSchema = z.object({
  name: z.string({ error: "Le nom est requis" }).trim().min(1, "Le nom est requis").max(100, "Le nom ne peut pas dépasser 100 caractères"),
  model: z
    .string({ error: "Le modèle est requis" })
    .trim()
    .min(1, "Le modèle est requis")
    .max(200, MODEL_MESSAGE)
    .regex(MODEL_ID, MODEL_MESSAGE),
  fallback: z
    .string({ error: MODEL_MESSAGE })
    .trim()
    .max(200, MODEL_MESSAGE)
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || MODEL_ID.test(v), MODEL_MESSAGE),
  active: z
    .string({ error: "Cochez « Interrogé », ou laissez la case vide." })
    .optional()
    .transform((v) => v === "on" || v === "true"),
  webSearch: z
    .enum(["web", "memory"], { error: "Choisissez « Recherche web » ou « Mémoire »." })
    .optional()
    .transform((v) => v === "web"),
});
export type LlmInput = z.infer<typeof llmSchema>;

/** A shared tone group (no parent) or one of its articles: a name and, for an article, its text. */
export const sharedToneSchema = z.object({
  name: z.string({ error: "Le nom est requis" }).trim().min(1, "Le nom est requis").max(200, "Le nom ne peut pas dépasser 200 caractères"),
  content: z
    .string({ error: "Écrivez le texte de l'article." })
    .max(50_000, "Le texte ne peut pas dépasser 50 000 caractères")
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : null)),
});
export type SharedToneInput = z.infer<typeof sharedToneSchema>;
