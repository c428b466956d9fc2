/**
 * Issue 37, finding 11: every message a person can see is in the screen's language and says what to do; zod's
 * default messages, written for developers ("Invalid input: expected nonoptional, received undefined"), never
 * reach a screen. Every form schema the screens and actions parse is given hostile input here (each field
 * missing, empty, blank, repeated, a file, far too long, or garbage), through the parse its action uses
 * (parseSubmission; the public forms' browser check, checkForm, too), with a per-parse error map that answers a
 * sentinel. zod takes a schema's own message first, then the parse's map: the sentinel shows exactly where a
 * schema can refuse without a message of its own, and must show nowhere.
 *
 * The list is checked against the schemas' modules (app/lib/schemas, the screens' form files): a new form
 * schema fails here until it is added.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { EMAIL_MODES, NOTIFICATION_KINDS } from "~/lib/notifications";
import { sendRevisionSchema } from "~/lib/review-state";
import * as auth from "~/lib/schemas/auth";
import { briefSchema } from "~/lib/schemas/brief";
import { checkForm } from "~/lib/schemas/form";
import { generateImageSchema } from "~/lib/schemas/image";
import { evidencePassageSchema, evidenceSourceSchema, newOutlineSchema, outlineSchema } from "~/lib/schemas/outline";
import { pageFormSchema } from "~/lib/schemas/page";
import { contactSchema, firstArticleSchema } from "~/lib/schemas/public-forms";
import { webhookSchema, wordpressConnectionSchema } from "~/lib/schemas/publishing";
import { guestCommentSchema, guestDecisionSchema } from "~/lib/schemas/review-link";
import { preferencesSchema } from "~/lib/schemas/settings";
import { siteFields, siteFormSchema, siteRenameSchema } from "~/lib/schemas/site";
import { parseSubmission } from "~/lib/schemas/submission";
import * as team from "~/lib/schemas/team";
import { toneArticleSchema } from "~/lib/schemas/tone-article";
import { addKeywordSchema } from "./app/keywords/keyword-form";
import * as versions from "./app/page-versions/version-forms";
import { siteDialogSchema } from "./app/sites/site-form";

const SENTINEL = "«zod's own message»";
const sentinel: z.core.$ZodErrorMap = () => SENTINEL;

type Value = string | string[] | File;
type FormCase = {
  name: string;
  schema: z.ZodType;
  /** A form its screen posts, which the schema accepts: each field is made hostile in turn from it. */
  valid: Record<string, Value>;
  /** A public form, also checked in the browser by checkForm. */
  publicForm?: boolean;
};

const EMAIL = "camille@example.com";
const PASSWORD = "correct horse battery";
const logo = () => new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" });

const FORMS: FormCase[] = [
  { name: "sign in", schema: auth.signInSchema, valid: { email: EMAIL, password: PASSWORD } },
  {
    name: "sign up",
    schema: auth.signUpSchema,
    valid: { fullName: "Camille", email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD },
  },
  { name: "reset request", schema: auth.resetRequestSchema, valid: { email: EMAIL } },
  {
    name: "update password",
    schema: auth.updatePasswordSchema,
    valid: { currentPassword: "old password", password: PASSWORD, confirmPassword: PASSWORD, token: "" },
  },
  { name: "two-factor code", schema: auth.twoFactorCodeSchema, valid: { code: "123456", backup: "1" } },
  { name: "two-factor enable", schema: auth.twoFactorEnableSchema, valid: { password: PASSWORD } },
  { name: "two-factor verify", schema: auth.twoFactorVerifySchema, valid: { code: "123456" } },
  {
    name: "invitation sign-up",
    schema: auth.invitationSignUpSchema,
    valid: { fullName: "Camille", password: PASSWORD, confirmPassword: PASSWORD },
  },
  {
    name: "brief",
    schema: briefSchema,
    valid: {
      audience: "Boulangers amateurs",
      offer: "Cours",
      toneGroup: "none",
      toneSamples: "Le pain prend son temps.",
      topicsToCover: "levain",
      topicsToAvoid: "régimes",
      competitors: "La Mie",
      wordsToUse: "pâte mère",
      outlineStep: "outline",
    },
  },
  {
    name: "generate image",
    schema: generateImageSchema,
    valid: { numberOfImages: "2", generatePrompt: "on", useInitialPhoto: "on", comments: "Lumineux", imageExampleId: "3" },
  },
  {
    name: "outline",
    schema: outlineSchema,
    valid: {
      outlineId: "3",
      title: "Le levain",
      angle: "Pour débuter",
      plan: "## Nourrir le levain\n## Cuire",
      keywords: "levain",
      sources: "",
    },
  },
  { name: "new outline", schema: newOutlineSchema, valid: { instructions: "Plus court" } },
  { name: "evidence source", schema: evidenceSourceSchema, valid: { url: "https://www.insee.fr/fr/statistiques" } },
  { name: "evidence passage", schema: evidencePassageSchema, valid: { evidenceId: "12" } },
  { name: "page", schema: pageFormSchema, valid: { name: "Le levain", url: "/levain", status: "1", hideCoverImageFromPreview: "on" } },
  { name: "contact", schema: contactSchema, valid: { name: "Camille", email: EMAIL, message: "Bonjour, une question." }, publicForm: true },
  {
    name: "first article",
    schema: firstArticleSchema,
    valid: { url: "example.com", stripe_email: EMAIL, email1: "", additional_guidelines: "", language: "fr", country: "", topic: "" },
    publicForm: true,
  },
  {
    name: "WordPress connection",
    schema: wordpressConnectionSchema,
    valid: { url: "https://blog.example.com", username: "admin", applicationPassword: "abcd efgh", publishOnApproval: "on" },
  },
  { name: "webhook", schema: webhookSchema, valid: { webhookUrl: "https://hooks.example.com/x", publishOnApproval: "on" } },
  {
    name: "review link comment",
    schema: guestCommentSchema,
    valid: { name: "Lou", body: "Très bien.", quote: "le levain", quoteStart: "4", quoteEnd: "13", email: "lou@example.com" },
  },
  { name: "review link decision", schema: guestDecisionSchema, valid: { name: "Lou", body: "D'accord." } },
  {
    name: "notification preferences",
    schema: preferencesSchema,
    valid: { emailMode: EMAIL_MODES[0], emailLanguage: "fr", emailed: [NOTIFICATION_KINDS[0], NOTIFICATION_KINDS[1]] },
  },
  { name: "site rename", schema: siteRenameSchema, valid: { name: "Boulangerie" } },
  { name: "site settings", schema: siteFormSchema, valid: siteValues() },
  { name: "site dialog, create", schema: siteDialogSchema("create"), valid: { ...siteValues(), logo: logo() } },
  { name: "site dialog, update", schema: siteDialogSchema("update"), valid: siteValues() },
  { name: "inbox reply", schema: team.inboxReplySchema, valid: { to: EMAIL, subject: "Votre article", body: "Bonjour." } },
  { name: "inbox assign", schema: team.inboxAssignSchema, valid: { assignee: "user-1" } },
  {
    name: "revision confirm",
    schema: team.revisionConfirmSchema,
    valid: { request: "3", instructions: "- Passage « x » :\n  Plus court." },
  },
  { name: "revisions wait", schema: team.revisionsWaitSchema, valid: { wait: "on" } },
  { name: "refuse unchecked sources", schema: team.refuseSourcesSchema, valid: { refuse: "on" } },
  { name: "site recipient", schema: team.siteRecipientSchema, valid: { email: EMAIL } },
  { name: "trial start", schema: team.trialStartSchema, valid: { topic: "pain au levain", approver: "team", language: "" } },
  { name: "set role", schema: team.setRoleSchema, valid: { role: "team" } },
  { name: "ban", schema: team.banSchema, valid: { reason: "Abus" } },
  {
    name: "LLM",
    schema: team.llmSchema,
    valid: { name: "GPT", model: "openai/gpt-4o-mini", fallback: "openai/gpt-4o", active: "on", webSearch: "web" },
  },
  { name: "shared tone", schema: team.sharedToneSchema, valid: { name: "Chaleureux", content: "Un texte." } },
  { name: "sample size", schema: team.samplesSchema, valid: { samples: "3" } },
  {
    name: "page prompts",
    schema: team.pagePromptsSchema,
    valid: { page: "3", prompts: ["Quel pain au levain choisir ?", "", "Comment nourrir un levain ?", "", ""] },
  },
  { name: "tone article", schema: toneArticleSchema, valid: { name: "Mon ton", parent: "3", content: "Un texte." } },
  { name: "send for revision", schema: sendRevisionSchema, valid: { comments: "Plus court." } },
  { name: "add keyword", schema: addKeywordSchema, valid: { keyword: "levain" } },
  { name: "add version from HTML", schema: versions.addHtmlSchema, valid: { content: "<p>Le levain.</p>", format: "markdown" } },
  {
    name: "save edit",
    schema: versions.saveEditSchema,
    valid: { versionId: "3", html: "<p>Le levain.</p>", metaDescription: "Tout sur le levain." },
  },
  { name: "delete version", schema: versions.deleteSchema, valid: { versionId: "3" } },
  { name: "restore earlier text", schema: versions.restoreSchema, valid: { historyId: "3" } },
  {
    name: "modify version",
    schema: versions.modifySchema,
    valid: {
      versionId: "3",
      commentsToModify: "Plus court.",
      useWebSearch: "on",
      highlightModifications: "on",
      unhighlightModifications: "on",
      createNewVersion: "on",
      exampleVersionId: "4",
    },
  },
];

function siteValues(): Record<string, string> {
  return {
    name: "Boulangerie",
    url: "https://boulangerie.example",
    country: "1",
    language: "2",
    toneArticlesGroup: "3",
    forceDefinedLanguageForSerps: "on",
    serpsNbResults: "10",
    serpsImgNbResults: "20",
    familiarTerms: "on",
    addressTheReaderWithI: "on",
    acceptedTopics: "pain",
    additionalGuidelines: "Vouvoiement",
    coverImageWidth: "1200",
    coverImageHeight: "630",
    nbImagesToCreate: "2",
    defaultTypePagePost: "post",
    defaultStatus: "draft",
    autoPublishImage: "on",
  };
}

/** What a field can be given that its screen never posts. */
const HOSTILE: [string, Value | undefined][] = [
  ["missing", undefined],
  ["empty", ""],
  ["blank", "   "],
  ["text", "abc"],
  ["negative", "-1"],
  ["zero", "0"],
  ["decimal", "1.5"],
  ["exponent", "1e3"],
  ["huge number", "99999999999999999999"],
  ["bad date", "2026-13-45"],
  ["null", "null"],
  ["markup", "<script>alert(1)</script>"],
  ["far too long", "x".repeat(1_000_001)],
  ["two values", ["a", "b"]],
  ["a file", new File(["not a text"], "x.txt", { type: "text/plain" })],
  ["an empty file", new File([], "")],
];

/** The fields of a form schema: its object's keys (through a transform, and a refinement). */
function fieldsOf(schema: z.ZodType): string[] {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; in?: z.ZodType };
  if (def.type === "object") return Object.keys(def.shape!);
  if (def.type === "pipe") return fieldsOf(def.in!);
  throw new Error(`not a form schema: ${def.type}`);
}

function formData(values: Record<string, Value | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

/** Every message of the parse that the action (and, for a public form, the browser) makes of this form. */
function messages(formCase: FormCase, form: FormData): string[] {
  const submission = parseSubmission(form, formCase.schema, sentinel);
  const found = submission.status === "success" ? [] : Object.values(submission.error ?? {}).flatMap((list) => list ?? []);
  if (formCase.publicForm) found.push(...Object.values(checkForm(formCase.schema, form, sentinel) ?? {}).flatMap((list) => list ?? []));
  return found;
}

describe("every form schema refuses with its own words, never zod's", () => {
  it.each(FORMS.map((formCase) => [formCase.name, formCase] as const))("%s", (_name, formCase) => {
    // The form as its screen posts it is accepted: each hostile value below is refused (or read) on its own.
    const accepted = parseSubmission(formData(formCase.valid), formCase.schema, sentinel);
    expect(accepted.status === "success" ? null : accepted.error).toBeNull();

    const unwritten: string[] = [];
    if (messages(formCase, new FormData()).includes(SENTINEL)) unwritten.push("every field missing");
    for (const field of fieldsOf(formCase.schema)) {
      for (const [what, value] of HOSTILE) {
        if (messages(formCase, formData({ ...formCase.valid, [field]: value })).includes(SENTINEL)) unwritten.push(`${field}: ${what}`);
      }
    }
    expect(unwritten, "refusals without a message of the schema's own").toEqual([]);
  });

  it("covers every form schema of app/lib/schemas and of the screens' form files", () => {
    const modules = {
      ...import.meta.glob<Record<string, unknown>>(["../lib/schemas/*.ts", "!../lib/schemas/*.test.ts"], { eager: true }),
      ...import.meta.glob<Record<string, unknown>>(["./*/*/*-form.ts", "./*/*/*-forms.ts"], { eager: true }),
    };
    const covered = new Set<unknown>([...FORMS.map((formCase) => formCase.schema), siteFields]);
    // Pieces of forms, not forms: each is part of a schema above.
    const pieces = new Set<unknown>([auth.emailField]);
    const missing: string[] = [];
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        const isSchema = typeof value === "object" && value !== null && "_zod" in value;
        if (isSchema && !covered.has(value) && !pieces.has(value)) missing.push(`${file}: ${name}`);
      }
    }
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
