/**
 * The page versions screen's forms (spec part 2, sections 2, 5 and 8): one zod schema per intent, parsed
 * in the browser for quick feedback (useSchemaForm) and again by the route's action (parseSubmission),
 * plus the texts the screen shows.
 */
import { ARTICLE_META_DESCRIPTION_MAX } from "~/lib/constants";
import { idField as id, optionalIdField } from "~/lib/schemas/id";
import { z } from "~/lib/zod";

/** The longest HTML (or Markdown) a version may hold, in characters. */
export const HTML_MAX_LENGTH = 1_000_000;

export const VERSION_TEXTS = {
  saved: "HTML content updated successfully",
  saveFailed: "Failed to save changes",
  deleted: "Version deleted successfully",
  deleteFailed: "Failed to delete version",
  queued: "New page action created successfully",
  outlineFirst: "Its outline is written first: you will approve it before the article is written.",
  outlineWaiting: "An outline is waiting for your approval. The article is written from it once you approve it.",
  queueFailed: "Failed to create new page action",
  /** 'Failed to find the create_article action' (spec), or the outline's. */
  actionMissing: (name: string) => `Failed to find the ${name} action`,
  selectVersion: "Please select a version to modify",
  updated: "Version updated successfully",
  /** Issue 38: a modification that writes a new version says so (the spec's 'updated' is for a change in place). */
  newVersionAsked: "New version requested",
  newVersionAskedHint: "It is being written; the version you chose stays as it is.",
  updateFailed: "Failed to update version",
  noVersions: "No versions found",
  noVersionsToModify: "No versions available to modify.",
  loading: "Loading page versions...",
  identical: "The versions are identical",
  versionNotFound: "Version not found",
  emptyContent: "Paste some content first.",
  tooLong: `The content is too long (at most ${HTML_MAX_LENGTH.toLocaleString("en-US")} characters).`,
  badExample: "The example version must be a version of this page.",
  restored: "Earlier text restored as a new version",
  restoreFailed: "Failed to restore the earlier text",
  earlierTextNotFound: "This earlier text no longer exists",
  nothingToModify: "Say what should change in this version, or turn on 'Unhighlight modifications'.",
  descriptionTooLong: `The meta description must be at most ${ARTICLE_META_DESCRIPTION_MAX} characters.`,
} as const;

export const CONTENT_FORMATS = ["html", "markdown"] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

// Every field may be missing from the form (zod 4 only lets a key be absent through .optional()).

/** Empty, 'none' or absent: null; otherwise an id. */
const optionalId = optionalIdField(VERSION_TEXTS.badExample);

const flag = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.boolean(), z.null()], { error: "Turn this option on or off." })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

const content = z
  .union([z.string(), z.null()], { error: VERSION_TEXTS.emptyContent })
  .optional()
  .transform((v) => (v ?? "").trim())
  .pipe(z.string().min(1, VERSION_TEXTS.emptyContent).max(HTML_MAX_LENGTH, VERSION_TEXTS.tooLong));

/** 'Add version from HTML': pasted HTML, or Markdown converted to HTML on the server. */
export const addHtmlSchema = z.object({
  content,
  format: z
    .string({ error: "Choose HTML or Markdown." })
    .optional()
    .transform((v) => v || "html")
    .pipe(z.enum(CONTENT_FORMATS, { error: "Choose HTML or Markdown." })),
});

/**
 * The version's meta description as edited: one line, at most 160 characters; "" for none (the text describes
 * the version). Absent from a form that does not show it: the edited version's is kept.
 */
const metaDescription = z
  .union([z.string(), z.null()], { error: "Write the meta description as one line of text." })
  .optional()
  .transform((v) => (v === undefined || v === null ? undefined : v.replace(/\s+/g, " ").trim()))
  .pipe(z.string().max(ARTICLE_META_DESCRIPTION_MAX, VERSION_TEXTS.descriptionTooLong).optional());

/** The code editor's 'Modify': the edited version, the new HTML and meta description (saved as a new version). */
export const saveEditSchema = z.object({
  versionId: id(VERSION_TEXTS.versionNotFound),
  html: content,
  metaDescription,
});

export const deleteSchema = z.object({ versionId: id(VERSION_TEXTS.versionNotFound) });

/** Restores an earlier text of a version (pages_versions_history) as a new version. */
export const restoreSchema = z.object({ historyId: id(VERSION_TEXTS.earlierTextNotFound) });

/**
 * The Modify Versions form; the version to modify is the active one. A request must ask for something: comments
 * to apply, or only removing earlier highlights (done without a model). Anything else could only fail, after a
 * job was queued.
 */
export const modifySchema = z
  .object({
    versionId: id(VERSION_TEXTS.selectVersion),
    commentsToModify: z
      .union([z.string(), z.null()], { error: "Write the comments as text." })
      .optional()
      .transform((v) => (v ?? "").trim())
      .pipe(z.string().max(20_000, "Comments must be at most 20,000 characters."))
      .transform((v) => (v === "" ? null : v)),
    useWebSearch: flag,
    highlightModifications: flag,
    unhighlightModifications: flag,
    createNewVersion: flag,
    exampleVersionId: optionalId,
  })
  .superRefine((values, ctx) => {
    if (!values.commentsToModify && !values.unhighlightModifications) {
      ctx.addIssue({ code: "custom", path: ["commentsToModify"], message: VERSION_TEXTS.nothingToModify });
    }
  });
export type ModifyValues = z.infer<typeof modifySchema>;
