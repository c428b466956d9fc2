/**
 * Every table of the product. Names follow the specification (snake_case tables and columns);
 * the code reads them in camelCase. The first block holds the four tables of better-auth plus its
 * rate-limit counters; the rest is the product's own data.
 */
import { relations, sql } from "drizzle-orm";
import type { ContentScore, KeywordModel, PageDocument, SerpFeatures, TopPagesScores, UnreadPage } from "../app/lib/content-score/types";
import type { OutlineSection } from "../app/lib/outline";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  jsonb,
  pgTable,
  text,
  timestamp,
  primaryKey,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A random, unguessable public id made by the database itself, so that every insert path gets one:
 * 24 bytes from two of PostgreSQL's cryptographic UUIDs (about 180 random bits), in base64url (32 characters).
 */
const randomPublicId = sql`rtrim(translate(encode(substring(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex') from 1 for 24), 'base64'), '+/', '-_'), '=')`;

// ---------------------------------------------------------------------------------------------
// Accounts (better-auth). Field names on the left are better-auth's; columns are snake_case.
// ---------------------------------------------------------------------------------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  /** The full name given at sign-up (spec: user_metadata.full_name). */
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  /** Avatar picture (spec: user_metadata.avatar_url). */
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** better-auth's admin plugin: 'client' (everyone who signs up; also when empty), 'team' or 'admin' (issue 14). */
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  /** better-auth's two-factor plugin: TOTP turned on and verified (required of team and admin accounts). */
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** better-auth's admin plugin: the admin who opened this session as the user (impersonation). */
    impersonatedBy: text("impersonated_by"),
    /**
     * When the sign-in that opened this session passed the second factor (an authenticator's code or a backup
     * code); null for a password-only session. Only such a session reaches the team's console (issue 37).
     */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

/** better-auth's two-factor plugin: a user's TOTP secret and backup codes (both encrypted by better-auth). */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/**
 * How better-auth's tables relate, for its native joins (auth.server.ts turns them on): a session is read
 * with its user in one query, on every signed-in request. Relations change no table.
 */
export const userRelations = relations(user, ({ many }) => ({ sessions: many(session), accounts: many(account) }));
export const sessionRelations = relations(session, ({ one }) => ({ user: one(user, { fields: [session.userId], references: [user.id] }) }));
export const accountRelations = relations(account, ({ one }) => ({ user: one(user, { fields: [account.userId], references: [user.id] }) }));

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Rate-limit counters, shared by every server process (better-auth's and our own per-address limits). */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * The application's own fixed-window counters (services/rate-limit.server.ts): sign-in lockouts, limits per
 * e-mail and per address on public forms. Apart from rate_limit because better-auth deletes every row of
 * that table older than its own longest window (10 minutes), which would forget a 15-minute lockout or a
 * one-hour limit.
 */
export const appRateLimit = pgTable(
  "app_rate_limit",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    /** When the current window started and when it ends (ms since the epoch). */
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    windowEnd: bigint("window_end", { mode: "number" }).notNull(),
  },
  (t) => [index("app_rate_limit_window_end_idx").on(t.windowEnd)],
);

// ---------------------------------------------------------------------------------------------
// Reference data (seeded at start).
// ---------------------------------------------------------------------------------------------

export const locationCountries = pgTable("location_countries", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  countryName: text("country_name").notNull().unique(),
  isoCode: text("iso_code"),
  /** Location code of the search-results provider (2000 + ISO 3166 numeric code). */
  locationCode: integer("location_code"),
});

export const locationLanguages = pgTable(
  "location_languages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    languageName: text("language_name").notNull(),
    languageCode: text("language_code"),
    linkedCountry: integer("linked_country")
      .notNull()
      .references(() => locationCountries.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("location_languages_linked_country_idx").on(t.linkedCountry),
    uniqueIndex("location_languages_country_name_uq").on(t.linkedCountry, t.languageName),
  ],
);

export const statuses = pgTable("statuses", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const actions = pgTable("actions", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull().unique(),
});

export const llms = pgTable("llms", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  nameOpenrouter: text("name_openrouter").notNull().unique(),
  /** Asked by the llm_answers action when true. */
  active: boolean("active").notNull().default(true),
  /** Another OpenRouter model to ask when this one answers 429 (rate limited). */
  fallbackOpenrouter: text("fallback_openrouter"),
  /**
   * Issue 42: whether the assistant is asked with its web search on ("web": OpenRouter's web plugin, whose
   * answers carry url_citation annotations) or answers from what it learnt ("memory").
   */
  webSearch: boolean("web_search").notNull().default(false),
});

/**
 * Tone articles: rows without a parent are the tone groups a site can pick; rows with a parent are
 * sample articles of that tone. Seeded rows have no creator and are shared by everyone.
 */
export const toneArticles = pgTable(
  "tone_articles",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    content: text("content"),
    parentToneArticle: integer("parent_tone_article").references((): AnyPgColumn => toneArticles.id, {
      onDelete: "set null",
    }),
    creator: text("creator").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("tone_articles_parent_idx").on(t.parentToneArticle), index("tone_articles_creator_idx").on(t.creator)],
);

// ---------------------------------------------------------------------------------------------
// Sites and their content.
// ---------------------------------------------------------------------------------------------

export const sites = pgTable(
  "sites",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    imageLogo: text("image_logo"),
    country: integer("country").references(() => locationCountries.id, { onDelete: "set null" }),
    language: integer("language").references(() => locationLanguages.id, { onDelete: "set null" }),
    toneArticlesGroup: integer("tone_articles_group").references(() => toneArticles.id, {
      onDelete: "set null",
    }),
    /** The owner. Null for sites created by the public first-article form, before anyone claims them. */
    linkedUser: text("linked_user").references(() => user.id, { onDelete: "set null" }),
    forceDefinedLanguageForSerps: boolean("force_defined_language_for_serps").notNull().default(false),
    serpsNbResults: integer("serps_nb_results").notNull().default(10),
    serpsImgNbResults: integer("serps_img_nb_results").notNull().default(10),
    familiarTerms: boolean("familiar_terms").notNull().default(false),
    addressTheReaderWithI: boolean("address_the_reader_with_i").notNull().default(false),
    acceptedTopics: text("accepted_topics"),
    additionalGuidelines: text("additional_guidelines"),
    coverImageWidth: integer("cover_image_width").notNull().default(1200),
    coverImageHeight: integer("cover_image_height").notNull().default(630),
    nbImagesToCreate: integer("nb_images_to_create").notNull().default(1),
    defaultTypePagePost: text("default_type_page_post"),
    defaultStatus: text("default_status").notNull().default("draft"),
    autoPublishImage: boolean("auto_publish_image").notNull().default(false),
    /** First-article form: the e-mail used with the payment provider, and an optional contact e-mail. */
    /** The revision rounds the client's offer includes (issue 16; two, as the public pages promise): more are allowed, and shown to the team. */
    includedRevisionRounds: integer("included_revision_rounds").notNull().default(2),
    /** Whether a request for changes waits for the team to confirm its instructions (true) or runs at once (issue 38). */
    revisionsWaitForTeam: boolean("revisions_wait_for_team").notNull().default(true),
    /** Whether publishing a version with a broken or unsupported source is refused outright (issue 40), not only confirmed first. */
    refuseUncheckedSources: boolean("refuse_unchecked_sources").notNull().default(false),
    stripeEmail: text("stripe_email"),
    email1: text("email1"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sites_linked_user_idx").on(t.linkedUser),
    index("sites_country_idx").on(t.country),
    index("sites_language_idx").on(t.language),
    index("sites_tone_articles_group_idx").on(t.toneArticlesGroup),
    check("sites_default_status_check", sql`${t.defaultStatus} in ('private', 'publish', 'draft')`),
  ],
);

export const pages = pgTable(
  "pages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    site: integer("site")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    status: integer("status")
      .notNull()
      .default(1)
      .references(() => statuses.id),
    creator: text("creator").references(() => user.id, { onDelete: "set null" }),
    dateCreated: timestamp("date_created", { withTimezone: true }).notNull().defaultNow(),
    dateModified: timestamp("date_modified", { withTimezone: true }).notNull().defaultNow(),
    hideCoverImageFromPreview: boolean("hide_cover_image_from_preview").notNull().default(false),
    /** Marks a demo/test page: review actions are blocked and it appears in the public demo list. */
    hideRevisionsTextsFromPreview: boolean("hide_revisions_texts_from_preview").notNull().default(false),
    /** How many times its article was sent for revision (issue 16): the round its next text belongs to. */
    revisionRequests: integer("revision_requests").notNull().default(0),
  },
  (t) => [
    // pages_site_date_modified_idx (below) leads with site: it serves the foreign key too.
    index("pages_status_idx").on(t.status),
    index("pages_creator_idx").on(t.creator),
    index("pages_site_date_modified_idx").on(t.site, t.dateModified),
  ],
);

export const pagesVersions = pgTable(
  "pages_versions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    page: integer("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    htmlContent: text("html_content").notNull().default(""),
    creator: text("creator").references(() => user.id, { onDelete: "set null" }),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    commentsToModify: text("comments_to_modify"),
    needToDoWebSearchForModification: boolean("need_to_do_web_search_for_modification").notNull().default(false),
    highlightModifiedContent: boolean("highlight_modified_content").notNull().default(false),
    unhighlightModifiedContent: boolean("unhighlight_modified_content").notNull().default(false),
    pagesVersionsToTakeAsExample: integer("pages_versions_to_take_as_example").references((): AnyPgColumn => pagesVersions.id, {
      onDelete: "set null",
    }),
    sentInRevision: boolean("sent_in_revision").notNull().default(false),
    approved: boolean("approved").notNull().default(false),
    /** When it was approved (issue 17: the results' charts mark it); null while it is not. */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** The address of the version's public view (/view/{public_id}): unguessable, unlike the id. */
    publicId: text("public_id").notNull().default(randomPublicId),
    /**
     * The article's meta description (at most 160 characters, lib/meta-description.ts): written with the article
     * since issue 15, editable with the version, sent as the post's excerpt. Null for earlier versions, whose
     * description is taken from their text.
     */
    metaDescription: text("meta_description"),
    /** The revision round its text belongs to (issue 16): 0 for the first draft, then 1, 2... after each request for changes. */
    revisionRound: integer("revision_round").notNull().default(0),
    /**
     * Made by editing another version's text in the code editor (issue 38): its round's label says so ('Revision
     * round 1, edited'), and, like every new version, it is not approved until someone approves it.
     */
    edited: boolean("edited").notNull().default(false),
    /**
     * Written by the article task below the top pages' median score even after it was sent back once (issue 39):
     * kept, marked for the team, and the owner is not told it is ready until a team member has looked at it.
     */
    heldForTeam: boolean("held_for_team").notNull().default(false),
    /**
     * What the article task's check of its first answer found wrong and the writer fixed in its second (issue 40): the
     * broken links and unsupported claims it was sent back with, kept so that the review screen can say so.
     */
    sourcesFixed: jsonb("sources_fixed").$type<FixedSource[]>(),
  },
  (t) => [
    uniqueIndex("pages_versions_public_id_uq").on(t.publicId),
    index("pages_versions_page_created_idx").on(t.page, t.createdDate),
    index("pages_versions_creator_idx").on(t.creator),
    index("pages_versions_example_idx").on(t.pagesVersionsToTakeAsExample),
  ],
);

/**
 * Earlier texts of a version: when a modification replaces a version's HTML in place (createNewVersion off),
 * the text it replaced is kept here first, so nothing a person wrote or approved is lost.
 */
export const pagesVersionsHistory = pgTable(
  "pages_versions_history",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    version: integer("version")
      .notNull()
      .references(() => pagesVersions.id, { onDelete: "cascade" }),
    htmlContent: text("html_content").notNull(),
    /** The version's meta description when this text was replaced (null: none, or kept before issue 15). */
    metaDescription: text("meta_description"),
    /** The modification request whose result replaced this text. */
    replacedBy: integer("replaced_by").references((): AnyPgColumn => pagesActions.id, { onDelete: "set null" }),
    replacedAt: timestamp("replaced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("pages_versions_history_version_idx").on(t.version, t.replacedAt),
    index("pages_versions_history_replaced_by_idx").on(t.replacedBy),
  ],
);

export const pagesActions = pgTable(
  "pages_actions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Null for actions that concern no page (the contact form). */
    linkedPage: integer("linked_page").references(() => pages.id, { onDelete: "cascade" }),
    linkedAction: integer("linked_action")
      .notNull()
      .references(() => actions.id),
    linkedPagesVersion: integer("linked_pages_version").references(() => pagesVersions.id, {
      onDelete: "set null",
    }),
    creator: text("creator").references(() => user.id, { onDelete: "set null" }),
    infoJson: jsonb("info_json"),
    /** A keyword id for SERP searches, or JSON text for the contact form. */
    info2: text("info2"),
    /** True for batch items after the first, otherwise null. */
    queued: boolean("queued"),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    /** What the background worker has done with it: queued, running, done, failed, waiting (for a provider), or cancelled (by its owner, before it ran). */
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    lastError: text("last_error"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** While running: the worker that holds it, and until when (a crashed worker's action is taken again after). */
    workerId: text("worker_id"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** After a failed attempt: not before this time (exponential back-off). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** What the provider reported for the work: tokens (language models) and money, in US dollars. */
    tokensIn: integer("tokens_in"),
    tokensOut: integer("tokens_out"),
    costUsd: numeric("cost_usd", { precision: 14, scale: 6 }),
    /**
     * A request that runs only once this one has finished, whatever its end (done, failed for good, cancelled, or
     * parked for a missing provider): a trial's outline waits for its keyword's search (issue 38). Null: due at once.
     */
    runsAfter: integer("runs_after").references((): AnyPgColumn => pagesActions.id, { onDelete: "set null" }),
  },
  (t) => [
    check("pages_actions_state_check", sql`${t.state} in ('queued', 'running', 'done', 'failed', 'waiting', 'cancelled')`),
    index("pages_actions_state_created_idx").on(t.state, t.createdDate),
    index("pages_actions_linked_page_idx").on(t.linkedPage),
    index("pages_actions_linked_action_idx").on(t.linkedAction),
    index("pages_actions_linked_pages_version_idx").on(t.linkedPagesVersion),
    index("pages_actions_creator_idx").on(t.creator),
    index("pages_actions_runs_after_idx").on(t.runsAfter),
    // The team's work queue (issue 14): newest first; each provider's last success and failures; its last error.
    index("pages_actions_created_date_idx").on(t.createdDate, t.id),
    index("pages_actions_action_state_finished_idx").on(t.linkedAction, t.state, t.finishedAt),
    index("pages_actions_action_error_idx")
      .on(t.linkedAction, t.updatedAt)
      .where(sql`${t.lastError} is not null`),
  ],
);

export const keywords = pgTable(
  "keywords",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    keyword: text("keyword").notNull(),
  },
  (t) => [uniqueIndex("keywords_keyword_normalized_uq").on(sql`lower(btrim(${t.keyword}))`)],
);

export const pagesKeywords = pgTable(
  "pages_keywords",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    linkedPage: integer("linked_page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    linkedKeyword: integer("linked_keyword")
      .notNull()
      .references(() => keywords.id, { onDelete: "cascade" }),
    toSearch: boolean("to_search").notNull().default(true),
  },
  (t) => [
    uniqueIndex("pages_keywords_page_keyword_uq").on(t.linkedPage, t.linkedKeyword),
    index("pages_keywords_linked_keyword_idx").on(t.linkedKeyword),
  ],
);

export const serps = pgTable(
  "serps",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    linkedKeyword: integer("linked_keyword")
      .notNull()
      .references(() => keywords.id, { onDelete: "cascade" }),
    /**
     * The site whose search produced these results (its depth, country and language): keywords are shared
     * between accounts, their results are not. Null only for results kept from before results had a site
     * and no search could be traced to one; nobody's screens show those.
     */
    site: integer("site").references(() => sites.id, { onDelete: "cascade" }),
    positionAbsolute: integer("position_absolute"),
    title: text("title"),
    url: text("url"),
    metaDescription: text("meta_description"),
    type: text("type"),
    createdAt: createdAt(),
  },
  (t) => [
    index("serps_linked_keyword_position_idx").on(t.linkedKeyword, t.positionAbsolute),
    index("serps_site_keyword_position_idx").on(t.site, t.linkedKeyword, t.positionAbsolute),
  ],
);

export const pagesLlmAnswers = pgTable(
  "pages_llm_answers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    linkedPage: integer("linked_page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    linkedLlm: integer("linked_llm")
      .notNull()
      .references(() => llms.id),
    answer: text("answer"),
    /** What the assistant was asked, whether its answer names the site (name or domain), and the URLs it cites. */
    question: text("question"),
    mentionsSite: boolean("mentions_site"),
    citedUrls: jsonb("cited_urls").$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("pages_llm_answers_linked_page_idx").on(t.linkedPage), index("pages_llm_answers_linked_llm_idx").on(t.linkedLlm)],
);

export const pagesVersionsImages = pgTable(
  "pages_versions_images",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    linkedPage: integer("linked_page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    linkedPagesVersion: integer("linked_pages_version").references(() => pagesVersions.id, {
      onDelete: "set null",
    }),
    imageUrl: text("image_url").notNull(),
    /** 'proposition' (generated cover image) or 'example' (uploaded by the user). */
    type: text("type").notNull(),
    chosen: boolean("chosen").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("pages_versions_images_page_type_idx").on(t.linkedPage, t.type),
    index("pages_versions_images_linked_pages_version_idx").on(t.linkedPagesVersion),
    check("pages_versions_images_type_check", sql`${t.type} in ('proposition', 'example')`),
  ],
);

/** Messages sent through the public contact form. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt)],
);

/**
 * What the team did (issue 14): every console action and role change, with who, when, what and on which record.
 * Append-only: the database refuses to change or delete a line (migration 0012's trigger).
 */
export const teamAuditLog = pgTable(
  "team_audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The team member who acted; null for the command line (and once the account is gone: the label stays). */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** Who acted, as shown: the member's e-mail when they acted, or 'ligne de commande'. */
    actorLabel: text("actor_label").notNull(),
    /** What was done, e.g. 'role.set', 'two_factor.enabled'. */
    action: text("action").notNull(),
    /** The record it was done on: a kind ('user', 'site', 'page', 'action'...) and its id. */
    recordType: text("record_type"),
    recordId: text("record_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("team_audit_log_at_idx").on(t.at),
    index("team_audit_log_actor_id_idx").on(t.actorId),
    index("team_audit_log_action_at_idx").on(t.action, t.at),
  ],
);

/**
 * The team's inbox (issue 14): everything that came in and needs a person. One line per first-article request
 * (its site), contact message, or client review decision (the version, with the decision and comments as they
 * were made). The records it points to may go (a client deletes a site): the line stays, with what it snapshot.
 */
export const teamInbox = pgTable(
  "team_inbox",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    siteId: integer("site_id").references(() => sites.id, { onDelete: "set null" }),
    contactMessageId: integer("contact_message_id").references(() => contactMessages.id, { onDelete: "set null" }),
    versionId: integer("version_id").references(() => pagesVersions.id, { onDelete: "set null" }),
    /** A review decision: 'revision' (sent for revision) or 'approved', the client who made it and their comments. */
    decision: text("decision"),
    comments: text("comments"),
    clientId: text("client_id").references(() => user.id, { onDelete: "set null" }),
    /** What it was about, kept when the record goes: the site's or page's name and address. */
    subject: text("subject").notNull(),
    assignedTo: text("assigned_to").references(() => user.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    /** A first-article request (issue 38): the topic or keyword the visitor gave for the article, if any. */
    topic: text("topic"),
    /** Its trial article, once the team started it: the page, when and by whom. */
    pageId: integer("page_id").references(() => pages.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    startedBy: text("started_by").references(() => user.id, { onDelete: "set null" }),
    /** The first draft that answered it (the request closes itself when it is written). */
    deliveredVersion: integer("delivered_version").references(() => pagesVersions.id, { onDelete: "set null" }),
  },
  (t) => [
    check("team_inbox_kind_check", sql`${t.kind} in ('first_article', 'contact', 'review')`),
    check("team_inbox_decision_check", sql`${t.decision} is null or ${t.decision} in ('revision', 'approved')`),
    index("team_inbox_received_at_idx").on(t.receivedAt),
    index("team_inbox_open_idx")
      .on(t.receivedAt)
      .where(sql`${t.handledAt} is null`),
    index("team_inbox_site_id_idx").on(t.siteId),
    index("team_inbox_contact_message_id_idx").on(t.contactMessageId),
    index("team_inbox_version_id_idx").on(t.versionId),
    index("team_inbox_client_id_idx").on(t.clientId),
    index("team_inbox_assigned_to_idx").on(t.assignedTo),
    index("team_inbox_handled_by_idx").on(t.handledBy),
    index("team_inbox_page_id_idx").on(t.pageId),
    index("team_inbox_started_by_idx").on(t.startedBy),
    index("team_inbox_delivered_version_idx").on(t.deliveredVersion),
  ],
);

/** The e-mails the team sent from an inbox item, as sent (the queue's send_email request says whether it left). */
export const teamInboxReplies = pgTable(
  "team_inbox_replies",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    itemId: integer("item_id")
      .notNull()
      .references(() => teamInbox.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    sentBy: text("sent_by").references(() => user.id, { onDelete: "set null" }),
    senderLabel: text("sender_label").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    mailActionId: integer("mail_action_id").references(() => pagesActions.id, { onDelete: "set null" }),
  },
  (t) => [
    index("team_inbox_replies_item_id_idx").on(t.itemId, t.sentAt),
    index("team_inbox_replies_sent_by_idx").on(t.sentBy),
    index("team_inbox_replies_mail_action_id_idx").on(t.mailActionId),
  ],
);

/**
 * Invitations to take a site (issue 14): the team e-mails a link to the person who asked for it; it leads to a
 * sign-up with the address filled in, whose account has the site at once (issue 38: the link proves the address).
 * Single use, valid 7 days; only the SHA-256 of the link's token is stored. A newer invitation for the site revokes
 * the older.
 */
export const siteInvitations = pgTable(
  "site_invitations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** The account made (or signed in) through the link; before issue 38, one could wait here for its address to be confirmed. */
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** When the site became that account's: the link is used. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("site_invitations_token_hash_idx").on(t.tokenHash),
    index("site_invitations_site_id_idx").on(t.siteId, t.createdAt),
    index("site_invitations_created_by_idx").on(t.createdBy),
    index("site_invitations_accepted_by_idx").on(t.acceptedBy),
  ],
);

/**
 * Every provider call's reported usage and cost (issue 14), written as soon as the provider answers: calls of
 * attempts that later failed, were retried or were abandoned count too. pages_actions.tokens_in, tokens_out and
 * cost_usd hold each action's running total of these rows. The console's costs read this table.
 */
export const providerUsage = pgTable(
  "provider_usage",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    actionId: integer("action_id").references(() => pagesActions.id, { onDelete: "set null" }),
    attempt: integer("attempt"),
    /** The action's kind and its page's site, kept when the action or the page goes (the money was spent). */
    kind: text("kind").notNull(),
    siteId: integer("site_id").references(() => sites.id, { onDelete: "set null" }),
    /** 'openrouter', 'dataforseo', 'images'. */
    provider: text("provider").notNull(),
    model: text("model"),
    tokensIn: integer("tokens_in"),
    tokensOut: integer("tokens_out"),
    costUsd: numeric("cost_usd", { precision: 14, scale: 6 }),
    createdAt: createdAt(),
  },
  (t) => [
    index("provider_usage_created_at_idx").on(t.createdAt),
    index("provider_usage_action_id_idx").on(t.actionId),
    index("provider_usage_site_id_idx").on(t.siteId),
  ],
);

export type User = typeof user.$inferSelect;
export type Site = typeof sites.$inferSelect;
export type NewSite = typeof sites.$inferInsert;

/**
 * Where a site's approved articles are published (issue 15): its WordPress (the REST API with an application
 * password) or a webhook of the client's. The secrets are sealed (app/services/secrets.server.ts) for this
 * site and field, and never leave the server: the screens only learn whether one is stored. The last
 * 'Test connection' is kept with what it found.
 */
export const sitePublishing = pgTable(
  "site_publishing",
  {
    siteId: integer("site_id")
      .primaryKey()
      .references(() => sites.id, { onDelete: "cascade" }),
    target: text("target").notNull(),
    wordpressUrl: text("wordpress_url"),
    wordpressUser: text("wordpress_user"),
    /** Sealed application password ("v1." + AES-GCM), for the context `site:<id>:wordpress-password`. */
    wordpressPassword: text("wordpress_password"),
    webhookUrl: text("webhook_url"),
    /** Sealed signing key of the webhook, for the context `site:<id>:webhook-secret`. */
    webhookSecret: text("webhook_secret"),
    /** Publish a version as soon as the client approves it. */
    publishOnApproval: boolean("publish_on_approval").notNull().default(false),
    /** The last 'Test connection': when, and the problem it found (null: the connection works). */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    checkProblem: text("check_problem"),
    checkMessage: text("check_message"),
    /** The WordPress user's name the last successful test found. */
    checkedUserName: text("checked_user_name"),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("site_publishing_updated_by_idx").on(t.updatedBy),
    check("site_publishing_target_check", sql`${t.target} in ('wordpress', 'webhook')`),
  ],
);

/**
 * Where a page stands on its site's WordPress (issue 15): one row per page, so that publishing again updates
 * the same post and never makes a second one. `remote_id` is written in the step that confirms the post;
 * `pending_since` marks a creation under way, so that a worker that died before writing the id finds the post
 * it made instead of making another. Each publish is also a publish_article request (pages_actions): the
 * history of who published which version when.
 */
export const pagePublications = pgTable(
  "page_publications",
  {
    pageId: integer("page_id")
      .primaryKey()
      .references(() => pages.id, { onDelete: "cascade" }),
    target: text("target").notNull().default("wordpress"),
    /** The post's (or page's) id on WordPress; null until WordPress confirmed one. */
    remoteId: integer("remote_id"),
    /** 'post' or 'page': where the id lives on WordPress. */
    remoteType: text("remote_type"),
    /** WordPress's status of it: draft, private, publish, pending, future. */
    remoteStatus: text("remote_status"),
    remoteLink: text("remote_link"),
    featuredMediaId: integer("featured_media_id"),
    /** SHA-256 of the featured image's bytes: the image is uploaded again only when it changed. */
    featuredImageSha256: text("featured_image_sha256"),
    liveVersion: integer("live_version").references(() => pagesVersions.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: text("published_by").references(() => user.id, { onDelete: "set null" }),
    pendingSince: timestamp("pending_since", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("page_publications_live_version_idx").on(t.liveVersion),
    index("page_publications_published_by_idx").on(t.publishedBy),
    check("page_publications_target_check", sql`${t.target} in ('wordpress', 'webhook')`),
  ],
);

/**
 * What happened that a person should know (issue 16): one row per recipient, written in the same transaction
 * as the event it reports, so that none is lost or told twice. The client hears about their articles (ready for
 * review, revised, published); the team hears about the clients' review decisions. `emailed_at` is set when
 * its e-mail (alone or in a day's digest) was sent, or when the recipient's preferences said none was due.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    recipient: text("recipient")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    site: integer("site")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    page: integer("page").references(() => pages.id, { onDelete: "cascade" }),
    version: integer("version").references(() => pagesVersions.id, { onDelete: "set null" }),
    /** Who did it, as the recipient should read it (the client's name for the team); null for the service's own work. */
    actorName: text("actor_name"),
    /** The page's name when it happened (the line still reads right if the page is renamed or removed). */
    pageName: text("page_name"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    /**
     * The screen the notification leads to (issue 38), kept by the database from what it is about: the outline to
     * approve, the month's report, the site's results (a cap reached), the version to review (unless published),
     * else the page, else the site. Its line and its e-mail link there, and reaching that screen by any way marks
     * it read (models/notification.server.ts, `markNotificationsReadAt`). A version deleted (set null) moves it to
     * the page, as the line's link.
     */
    path: text("path")
      .notNull()
      .generatedAlwaysAs(
        sql`case
          when "kind" = 'outline_ready' and "page" is not null then '/sites/' || "site"::text || '/pages/' || "page"::text || '/outline'
          when "kind" = 'monthly_report' then '/sites/' || "site"::text || '/results/report'
          when "kind" = 'checks_capped' then '/sites/' || "site"::text || '/results'
          when "version" is not null and "kind" <> 'article_published' then '/review/' || "version"::text
          when "page" is not null then '/sites/' || "site"::text || '/pages/' || "page"::text
          else '/sites/' || "site"::text
        end`,
      ),
  },
  (t) => [
    // The list, newest first, and the unread count (the bell's one query: a partial index of the unread).
    index("notifications_recipient_created_idx").on(t.recipient, t.createdAt),
    index("notifications_unread_idx")
      .on(t.recipient)
      .where(sql`${t.readAt} is null`),
    // A screen reached marks read the person's unread notifications leading there: one indexed UPDATE (issue 38).
    index("notifications_unread_path_idx")
      .on(t.recipient, t.path)
      .where(sql`${t.readAt} is null`),
    index("notifications_site_idx").on(t.site),
    index("notifications_page_idx").on(t.page),
    index("notifications_version_idx").on(t.version),
    check(
      "notifications_kind_check",
      sql`${t.kind} in ('article_ready', 'revision_done', 'article_published', 'guest_commented', 'guest_approved', 'guest_asked_changes', 'client_approved', 'client_asked_changes', 'outline_ready', 'checks_capped', 'monthly_report')`,
    ),
  ],
);

/**
 * A person's notification e-mails (issue 16, /settings): sent one by one, grouped in one digest a day, or not
 * at all; some kinds may be left out; and the language they are written in. No row: the defaults.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    emailMode: text("email_mode").notNull().default("each"),
    /** The kinds this person gets no e-mail for (the bell still shows them). */
    mutedKinds: text("muted_kinds")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailLanguage: text("email_language").notNull().default("fr"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("notification_preferences_email_mode_check", sql`${t.emailMode} in ('each', 'digest', 'off')`),
    check("notification_preferences_email_language_check", sql`${t.emailLanguage} in ('fr', 'en')`),
  ],
);

/**
 * Review links (issue 16): a version shared with someone who has no account (a colleague, a manager). The
 * token is random and stored as its SHA-256 only; the link expires (14 days by default) and can be revoked.
 */
export const reviewLinks = pgTable(
  "review_links",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The version the link was made on. Since issue 38 the link follows its page: it shows the page's newest version. */
    version: integer("version")
      .notNull()
      .references(() => pagesVersions.id, { onDelete: "cascade" }),
    /** The page whose review the link shares (issue 38): always its newest version. */
    page: integer("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("review_links_token_hash_idx").on(t.tokenHash),
    index("review_links_version_idx").on(t.version, t.createdAt),
    index("review_links_created_by_idx").on(t.createdBy),
    index("review_links_page_idx").on(t.page, t.createdAt),
  ],
);

/**
 * Who asked, through a review link, to be told when the next round is ready (issue 38): the address a reviewer
 * left with a comment, stored for that only, and the link's token sealed (AES-GCM, a key from AUTH_SECRET), so
 * that the e-mail can carry the link itself; the token stays stored as its hash for everything else.
 */
export const reviewLinkWatchers = pgTable(
  "review_link_watchers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    link: integer("link")
      .notNull()
      .references(() => reviewLinks.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenSealed: text("token_sealed").notNull(),
    createdAt: createdAt(),
    /** The newest round they were told of (0: none yet). */
    notifiedRound: integer("notified_round").notNull().default(0),
  },
  (t) => [uniqueIndex("review_link_watchers_link_email_uq").on(t.link, sql`lower(${t.email})`)],
);

/**
 * What reviewers said on a version through its review link (issue 16): a comment on the whole article or on a
 * passage (anchored by its position in the article's text plus the quoted words, so that it survives small
 * edits), or a decision (approved, changes asked) with its message. Kept with the version: who said what, when.
 */
export const reviewComments = pgTable(
  "review_comments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    version: integer("version")
      .notNull()
      .references(() => pagesVersions.id, { onDelete: "cascade" }),
    link: integer("link").references(() => reviewLinks.id, { onDelete: "set null" }),
    kind: text("kind").notNull().default("comment"),
    authorName: text("author_name").notNull(),
    body: text("body").notNull().default(""),
    /** The commented passage as it read, and where it started and ended in the article's text (characters). */
    quote: text("quote"),
    quoteStart: integer("quote_start"),
    quoteEnd: integer("quote_end"),
    createdAt: createdAt(),
  },
  (t) => [
    index("review_comments_version_idx").on(t.version, t.createdAt),
    index("review_comments_link_idx").on(t.link),
    check("review_comments_kind_check", sql`${t.kind} in ('comment', 'approved', 'changes')`),
    check(
      "review_comments_quote_check",
      sql`(${t.quote} is null and ${t.quoteStart} is null and ${t.quoteEnd} is null) or (${t.quote} is not null and ${t.quoteStart} >= 0 and ${t.quoteEnd} > ${t.quoteStart})`,
    ),
  ],
);

/**
 * A request for changes, turned into the revision it starts (issue 38): the comments of the version (each passage
 * quoted, and the decision's message) made into the modification's instructions, so that nobody types them again.
 * It waits for the team to read and confirm them (the site's `revisions_wait_for_team`, the default), or is queued
 * at once; once queued it names its modify_articles_with_instructions request, which always writes a new version
 * (the commented one is kept). Cancelled when the request for changes is taken back before it ran.
 */
export const revisionRequests = pgTable(
  "revision_requests",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    page: integer("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    /** The version whose review asked for the changes. */
    version: integer("version")
      .notNull()
      .references(() => pagesVersions.id, { onDelete: "cascade" }),
    /** The revision round it starts (the page's round once the changes were asked). */
    round: integer("round").notNull(),
    instructions: text("instructions").notNull(),
    status: text("status").notNull().default("waiting"),
    /** Who asked: an account (owner or team), or a reviewer of a review link (their name). */
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    requestedByName: text("requested_by_name").notNull(),
    createdAt: createdAt(),
    /** When the revision is due, as the owner is told (the offer's turnaround from the request). */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedBy: text("confirmed_by").references(() => user.id, { onDelete: "set null" }),
    /** The modification request that writes the revision, once queued. */
    action: integer("action").references(() => pagesActions.id, { onDelete: "set null" }),
  },
  (t) => [
    index("revision_requests_page_idx").on(t.page, t.createdAt),
    index("revision_requests_version_idx").on(t.version, t.createdAt),
    index("revision_requests_requested_by_idx").on(t.requestedBy),
    index("revision_requests_confirmed_by_idx").on(t.confirmedBy),
    index("revision_requests_action_idx").on(t.action),
    index("revision_requests_waiting_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
    check("revision_requests_status_check", sql`${t.status} in ('waiting', 'queued', 'cancelled')`),
  ],
);

/**
 * A site's brief (issue 16): what every article of the site is written from, beside what the site's settings
 * already say (its topics, tone group and guidelines, on `sites`): who reads it, what the site offers, sample
 * texts of its tone, what to avoid, its competitors and the words it uses. One row per site, once filled.
 */
export const siteBriefs = pgTable(
  "site_briefs",
  {
    siteId: integer("site_id")
      .primaryKey()
      .references(() => sites.id, { onDelete: "cascade" }),
    audience: text("audience").notNull().default(""),
    offer: text("offer").notNull().default(""),
    toneSamples: text("tone_samples").notNull().default(""),
    topicsToAvoid: text("topics_to_avoid").notNull().default(""),
    competitors: text("competitors").notNull().default(""),
    wordsToUse: text("words_to_use").notNull().default(""),
    /** Whether an outline is written and approved before each article (true until the site's owner skips it). */
    outlineStep: boolean("outline_step").notNull().default(true),
    /**
     * Who approves the outlines (issue 38): the site's owner ('client'), or the team ('team': a trial started before
     * the client has an account). The outline-ready notification goes to them.
     */
    outlineApprover: text("outline_approver").notNull().default("client"),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("site_briefs_updated_by_idx").on(t.updatedBy),
    check("site_briefs_outline_approver_check", sql`${t.outlineApprover} in ('client', 'team')`),
  ],
);

/**
 * An article's outline (issue 16): what the article will be (its title, angle, h2/h3 plan, target keywords and
 * sources), written by the create_outline action, edited and approved by the client (or the team for them)
 * before the article is written from it. A page keeps every outline it had: a newer one replaces the one
 * waiting for approval (status `replaced`); an approved one records who approved it and the article request
 * it started. At most one outline of a page waits for approval.
 */
export const pageOutlines = pgTable(
  "page_outlines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    page: integer("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("ready"),
    title: text("title").notNull(),
    angle: text("angle").notNull().default(""),
    sections: jsonb("sections").$type<OutlineSection[]>().notNull(),
    keywords: text("keywords")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sources: text("sources")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The create_outline request that wrote it (its cost is that request's). */
    writtenBy: integer("written_by").references(() => pagesActions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Who last edited it (null: as written). */
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: text("approved_by").references(() => user.id, { onDelete: "set null" }),
    /** The create_article request its approval queued. */
    articleRequest: integer("article_request").references(() => pagesActions.id, { onDelete: "set null" }),
  },
  (t) => [
    index("page_outlines_page_idx").on(t.page, t.createdAt),
    uniqueIndex("page_outlines_one_ready_idx")
      .on(t.page)
      .where(sql`${t.status} = 'ready'`),
    index("page_outlines_written_by_idx").on(t.writtenBy),
    index("page_outlines_updated_by_idx").on(t.updatedBy),
    index("page_outlines_approved_by_idx").on(t.approvedBy),
    index("page_outlines_article_request_idx").on(t.articleRequest),
    check("page_outlines_status_check", sql`${t.status} in ('ready', 'approved', 'replaced')`),
  ],
);

/**
 * Results over time (issue 17): every SERP check of a site's keyword kept as a snapshot with its date (the spec's
 * `serps` table keeps holding the newest results, which the list screens show). What the results mean for the
 * site is computed in code when the snapshot is stored (lib/results-rules.ts): its best position and URL,
 * whether that URL is the page that targets the keyword, and the site's other URLs in the results.
 */
export const serpChecks = pgTable(
  "serp_checks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    site: integer("site")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    keyword: integer("keyword")
      .notNull()
      .references(() => keywords.id, { onDelete: "cascade" }),
    /** The page whose request made the check (the page that targets the keyword). */
    page: integer("page").references(() => pages.id, { onDelete: "set null" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    /** The results as the provider gave them: [{ position, url, title, type }]. */
    results: jsonb("results")
      .$type<{ position: number | null; url: string | null; title: string | null; type: string | null }[]>()
      .notNull(),
    sitePosition: integer("site_position"),
    siteUrl: text("site_url"),
    /** Whether the site's best URL is the page of the check; null when the site is not in the results. */
    isTarget: boolean("is_target"),
    /** The site's distinct URLs in the results, best first: two or more compete for the keyword. */
    siteUrls: text("site_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    request: integer("request").references(() => pagesActions.id, { onDelete: "set null" }),
    /**
     * What the same answer held besides the organic results (issue 39): People Also Ask, related searches, the
     * featured snippet and the AI Overview with its sources. Null for checks made before they were kept.
     */
    features: jsonb("features").$type<SerpFeatures>(),
    /**
     * What the AI Overview of `features` means for the site (issue 42), computed when the check is stored: whether
     * the results showed one, the site's URLs it cites and the other domains it cites. Null when not recorded.
     */
    aiOverview: boolean("ai_overview"),
    aiOverviewSiteUrls: text("ai_overview_site_urls").array(),
    aiOverviewDomains: text("ai_overview_domains").array(),
  },
  (t) => [
    index("serp_checks_site_keyword_checked_idx").on(t.site, t.keyword, t.checkedAt),
    index("serp_checks_keyword_idx").on(t.keyword),
    index("serp_checks_page_idx").on(t.page),
    index("serp_checks_request_idx").on(t.request),
  ],
);

/**
 * Every answer an assistant gave about a page, kept with its date (issue 17; pages_llm_answers keeps the newest,
 * which the LLM answers screen shows): whether it names the site, the URLs it cites, where the site's first
 * citation stands, and the domains it names or cites (the competitors' share of voice).
 */
export const llmChecks = pgTable(
  "llm_checks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    site: integer("site")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    page: integer("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    llm: integer("llm")
      .notNull()
      .references(() => llms.id),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    question: text("question"),
    answer: text("answer").notNull(),
    mentionsSite: boolean("mentions_site").notNull(),
    citedUrls: text("cited_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 1-based position of the site's first cited URL among the cited URLs; null when none is the site's. */
    siteCitation: integer("site_citation"),
    /** Other domains the answer names or cites (never the site's own). */
    domains: text("domains")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    request: integer("request").references(() => pagesActions.id, { onDelete: "set null" }),
    /**
     * Issue 42: which of the page's prompts was asked (1-based; checks made before prompts: 1), which asking of it
     * in the request (1-based: each prompt is asked several times per model and period), whether the model
     * searched the web, and where the cited URLs were read: the answer's url_citation annotations or its text.
     */
    prompt: integer("prompt").notNull().default(1),
    sample: integer("sample").notNull().default(1),
    live: boolean("live").notNull().default(false),
    citationsFrom: text("citations_from").notNull().default("text"),
  },
  (t) => [
    check("llm_checks_citations_from_check", sql`${t.citationsFrom} in ('annotations', 'text')`),
    index("llm_checks_site_checked_idx").on(t.site, t.checkedAt),
    index("llm_checks_page_checked_idx").on(t.page, t.checkedAt),
    index("llm_checks_llm_idx").on(t.llm),
    index("llm_checks_request_idx").on(t.request),
    // Each page and model's first answer that cites the site (the report's new citations, issue 42).
    index("llm_checks_first_citation_idx")
      .on(t.page, t.llm, t.checkedAt, t.id)
      .where(sql`${t.siteCitation} is not null`),
  ],
);

/**
 * The answers of llm_checks counted per page, model and check (issue 42): what the Results screen and the report
 * read, so that their figures stay one small aggregate however many answers the history holds (45 a page and
 * week at the defaults). Written in the transaction that stores the answers (snapshots.server.ts), added to when a
 * retry of the same check stores more; filled from llm_checks by the migration that made it.
 */
export const llmCheckTallies = pgTable(
  "llm_check_tallies",
  {
    site: integer("site")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    page: integer("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    llm: integer("llm")
      .notNull()
      .references(() => llms.id),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    answers: integer("answers").notNull(),
    mentioned: integer("mentioned").notNull(),
    cited: integer("cited").notNull(),
    /** The sum of the site's citation positions over the answers that cite it (their mean: citation_sum / cited). */
    citationSum: integer("citation_sum").notNull(),
    live: integer("live").notNull(),
    /** Answers that name or cite the site (its share of voice). */
    namesSite: integer("names_site").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.page, t.llm, t.checkedAt] }),
    index("llm_check_tallies_site_checked_idx").on(t.site, t.checkedAt),
    index("llm_check_tallies_llm_idx").on(t.llm),
  ],
);

/** Per page and check, how many answers named or cited each other domain (the share of voice, issue 42). */
export const llmCheckDomains = pgTable(
  "llm_check_domains",
  {
    site: integer("site")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    page: integer("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    domain: text("domain").notNull(),
    answers: integer("answers").notNull(),
  },
  (t) => [primaryKey({ columns: [t.page, t.checkedAt, t.domain] }), index("llm_check_domains_site_idx").on(t.site)],
);

/**
 * A site's automatic checks (issue 17): off, weekly or monthly, within a monthly spending cap in US dollars that
 * the team sets. No row: weekly for a site with an owner, with the default cap.
 */
export const siteCheckSchedules = pgTable(
  "site_check_schedules",
  {
    siteId: integer("site_id")
      .primaryKey()
      .references(() => sites.id, { onDelete: "cascade" }),
    frequency: text("frequency").notNull().default("weekly"),
    monthlyCapUsd: numeric("monthly_cap_usd", { precision: 10, scale: 2 }).notNull().default("10.00"),
    /** Whether the owner gets the monthly report by e-mail (the report's unsubscribe link turns it off). */
    reportEmails: boolean("report_emails").notNull().default(true),
    /** Issue 42: how many times each prompt is asked of each model per period (the team sets it; 3 by default). */
    samples: integer("samples").notNull().default(3),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("site_check_schedules_updated_by_idx").on(t.updatedBy),
    check("site_check_schedules_frequency_check", sql`${t.frequency} in ('off', 'weekly', 'monthly')`),
    check("site_check_schedules_cap_check", sql`${t.monthlyCapUsd} >= 0`),
    check("site_check_schedules_samples_check", sql`${t.samples} between 1 and 10`),
  ],
);

/**
 * One row per site and period whose checks were queued (issue 17): the claim. Its unique key makes the checks
 * of a period queued exactly once, whatever the number of workers; `status` says what the claim did.
 */
export const siteCheckPeriods = pgTable(
  "site_check_periods",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** 'weekly:2026-11-23', 'monthly:2026-11', or 'report:2026-11' for the month's report e-mail. */
    period: text("period").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text("claimed_by"),
    status: text("status").notNull().default("queued"),
    queued: integer("queued").notNull().default(0),
  },
  (t) => [
    uniqueIndex("site_check_periods_site_period_uq").on(t.siteId, t.period),
    check("site_check_periods_status_check", sql`${t.status} in ('queued', 'capped', 'empty', 'sent', 'skipped')`),
  ],
);

/**
 * The pages the research reads (issue 39): a top result's text and headings, kept by URL and content hash, read
 * again only when older than the site's check period. A page that could not be read keeps why (`error`) and when.
 */
export const webPages = pgTable(
  "web_pages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    url: text("url").notNull(),
    /** Where its redirects ended, when elsewhere. */
    finalUrl: text("final_url"),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
    /** How it was read: 'fetch' (the product's guarded fetch and extractor) or 'content-parsing' (DataForSEO's On-Page API). */
    method: text("method").notNull(),
    httpStatus: integer("http_status"),
    /** Why it could not be read ('403', 'timeout', 'not HTML'...); null when it was. */
    error: text("error"),
    /** SHA-256 of the extracted text: a page read again with the same text is the same page. */
    contentHash: text("content_hash"),
    title: text("title"),
    wordCount: integer("word_count"),
    document: jsonb("document").$type<PageDocument>(),
  },
  (t) => [uniqueIndex("web_pages_url_uq").on(t.url)],
);

/**
 * A keyword's model (issue 39), built from the top pages of one check, in the site's language: its terms,
 * lengths, questions and the competitors' outlines, with the top pages' own scores (each against the others).
 */
export const keywordModels = pgTable(
  "keyword_models",
  {
    check: integer("check")
      .primaryKey()
      .references(() => serpChecks.id, { onDelete: "cascade" }),
    site: integer("site")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    keyword: integer("keyword")
      .notNull()
      .references(() => keywords.id, { onDelete: "cascade" }),
    builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
    language: text("language").notNull(),
    model: jsonb("model").$type<KeywordModel>().notNull(),
    topScores: jsonb("top_scores").$type<TopPagesScores>().notNull(),
    /** The top results that could not be read, and why. */
    unread: jsonb("unread").$type<UnreadPage[]>().notNull().default([]),
  },
  (t) => [
    index("keyword_models_site_keyword_built_idx").on(t.site, t.keyword, t.builtAt),
    index("keyword_models_keyword_idx").on(t.keyword),
  ],
);

/**
 * A version's content score (issue 39), against the newest models of its page's keywords in use; computed when
 * the version is written and again when a keyword's research is renewed (derived data: replaced, not kept).
 */
export const versionScores = pgTable(
  "version_scores",
  {
    version: integer("version")
      .primaryKey()
      .references(() => pagesVersions.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    details: jsonb("details").$type<ContentScore>().notNull(),
    /** The top pages' median and best scores of the same models; null when none could be scored. */
    topMedian: integer("top_median"),
    topBest: integer("top_best"),
    /** The checks whose models it was scored against. */
    checks: integer("checks")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("version_scores_score_check", sql`${t.score} between 0 and 100`)],
);

/**
 * The pages of a site an article may link to (issue 40): its pages in the product, the posts and pages of its
 * connected WordPress and its sitemap.xml, each with its title and main terms, read again weekly.
 */
export const siteInventory = pgTable(
  "site_inventory",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    site: integer("site")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title"),
    /** Its main terms (the keys of lib/content-score/text.ts), to choose the candidates of an article's internal links. */
    terms: text("terms")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where it was found: 'product' (a page of the site here), 'wordpress' or 'sitemap'. */
    source: text("source").notNull(),
    /** The product's page at that address, if any. */
    page: integer("page").references(() => pages.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("site_inventory_site_url_uq").on(t.site, t.url),
    index("site_inventory_page_idx").on(t.page),
    check("site_inventory_source_check", sql`${t.source} in ('product', 'wordpress', 'sitemap')`),
  ],
);

/**
 * The sources of a version (issue 40), checked after its content score: each outbound link (whether it resolves,
 * is broken or redirects elsewhere) and the claim it backs, held against the source's text (a quotation word for
 * word, the rest by a model whose answer is kept), with the source's own words that show it. Derived from the
 * version's text: checked again when the text changes.
 */
export const versionSources = pgTable(
  "version_sources",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    version: integer("version")
      .notNull()
      .references(() => pagesVersions.id, { onDelete: "cascade" }),
    /** Its order in the text. */
    position: integer("position").notNull(),
    url: text("url").notNull(),
    anchor: text("anchor"),
    /** The sentence or passage the version attributes to the source. */
    claim: text("claim"),
    /** 'link' (a sentence holding a link), 'quotation' or 'statistic'. */
    kind: text("kind").notNull().default("link"),
    linkStatus: text("link_status").notNull().default("pending"),
    httpStatus: integer("http_status"),
    finalUrl: text("final_url"),
    verdict: text("verdict").notNull().default("unchecked"),
    /** The source's own words that support (or not) the claim. */
    passage: text("passage"),
    /** The judge's answer as it gave it (model, verdict, quote), kept. */
    judge: jsonb("judge"),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (t) => [
    index("version_sources_version_position_idx").on(t.version, t.position),
    check("version_sources_kind_check", sql`${t.kind} in ('link', 'quotation', 'statistic')`),
    check("version_sources_link_status_check", sql`${t.linkStatus} in ('pending', 'resolves', 'broken', 'redirects')`),
    check("version_sources_verdict_check", sql`${t.verdict} in ('unchecked', 'supported', 'partly', 'not_supported', 'broken')`),
  ],
);

/**
 * A page's evidence pack (issue 40): short passages worth citing, gathered before writing from its research (the
 * top pages' text, the AI Overview's references, the pages assistants cite) or from a source its owner or the team
 * added by URL, each with its URL, the page's title and when it was read. The writer may cite only these, word for
 * word. A passage taken out of the pack is marked removed (who, when), never deleted, so that it is not gathered again
 * and can be put back.
 */
/** A source the writer's first answer got wrong, named when it was sent back, and gone from its second. */
export type FixedSource = { url: string; claim: string | null; kind: string; verdict: "broken" | "not_supported" };

export const pageEvidence = pgTable(
  "page_evidence",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    page: integer("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title"),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
    /** What it holds: 'figure', 'date', 'definition', 'quotation', or 'passage' (a sentence of a source added by hand). */
    kind: text("kind").notNull(),
    passage: text("passage").notNull(),
    /** Where it was found: 'top_page', 'ai_overview', 'assistant', or 'added' (by its owner or the team, by URL). */
    origin: text("origin").notNull(),
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: text("removed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("page_evidence_page_url_passage_uq").on(t.page, t.url, t.passage),
    index("page_evidence_added_by_idx").on(t.addedBy),
    index("page_evidence_removed_by_idx").on(t.removedBy),
    check("page_evidence_kind_check", sql`${t.kind} in ('figure', 'date', 'definition', 'quotation', 'passage')`),
    check("page_evidence_origin_check", sql`${t.origin} in ('top_page', 'ai_overview', 'assistant', 'added')`),
  ],
);

/**
 * The prompts the assistants are asked about a page (issue 42), as the team wrote them; a page without rows is
 * asked the default prompts built from its name and keywords (lib/visibility/prompts.ts). Rewriting them keeps
 * the history: every answer keeps the question it was asked (llm_checks.question).
 */
export const pagePrompts = pgTable(
  "page_prompts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    page: integer("page")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    /** 1-based order on the page. */
    position: integer("position").notNull(),
    prompt: text("prompt").notNull(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("page_prompts_page_position_uq").on(t.page, t.position),
    index("page_prompts_updated_by_idx").on(t.updatedBy),
    check("page_prompts_position_check", sql`${t.position} between 1 and 5`),
  ],
);
