/**
 * Notifications (issue 16): what each kind says, to whom, and where its line leads. Shared by the server (the
 * rows, the e-mails) and the screens (the bell's list, /notifications).
 */
import { reportMonth } from "./results-rules";

/** The client hears about their articles and what their reviewers said (review links); the team about the clients' decisions. */
export const GUEST_KINDS = ["guest_commented", "guest_approved", "guest_asked_changes"] as const;
export const CLIENT_KINDS = [
  "outline_ready",
  "article_ready",
  "revision_done",
  "article_published",
  "monthly_report",
  ...GUEST_KINDS,
] as const;
export const TEAM_KINDS = ["client_approved", "client_asked_changes", "checks_capped"] as const;
/** Kinds about a whole site (no page): their line names the site (kept in `pageName`). */
export const SITE_KINDS = ["monthly_report", "checks_capped"] as const;
export const NOTIFICATION_KINDS = [...CLIENT_KINDS, ...TEAM_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);

export type NotificationLanguage = "fr" | "en";

/** One line of the list, as its recipient reads it. */
export type NotificationLine = {
  id: number;
  kind: NotificationKind;
  siteId: number;
  pageId: number | null;
  versionId: number | null;
  pageName: string | null;
  actorName: string | null;
  /**
   * The screen it leads to, kept by the database (notifications.path): the outline to approve, the month's report,
   * the site's results (a cap reached), the version to review unless published, else the page, else the site.
   * Reaching that screen by any way marks it read (issue 38).
   */
  path: string;
  createdAt: string;
  read: boolean;
};

/** What a line says it from: its names, and its date (a month's report is announced on the next month's first days). */
type LineFacts = Pick<NotificationLine, "pageName" | "actorName"> & { createdAt: string | Date };

type Texts = { label: string; line: (n: LineFacts) => string };

const quoted = (name: string | null, language: NotificationLanguage) =>
  name ? (language === "fr" ? `« ${name} »` : `“${name}”`) : language === "fr" ? "votre article" : "your article";

/** The month a report notification is about ('YYYY-MM'): the one before the month it was made in (UTC, as the schedule). */
const reportMonthOf = (createdAt: string | Date) => reportMonth(new Date(createdAt));

/** That month in words, lower case in French ("novembre 2026", "November 2026"). */
const monthWords = (createdAt: string | Date, language: NotificationLanguage) =>
  new Date(`${reportMonthOf(createdAt)}-01T00:00:00Z`).toLocaleDateString(language === "fr" ? "fr-FR" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** "de novembre 2026", "d'avril 2027": French elides "de" before a vowel. */
const ofMonthFr = (month: string) => (/^[aeiouyàâéèêîôûh]/i.test(month) ? `d'${month}` : `de ${month}`);

/** Per kind: its name (the preferences' checkboxes) and its line (the list, the e-mail's subject). */
export const NOTIFICATION_TEXTS: Record<NotificationLanguage, Record<NotificationKind, Texts>> = {
  fr: {
    outline_ready: {
      label: "Plan prêt à valider",
      line: ({ pageName }) => `Le plan de ${quoted(pageName, "fr")} est prêt à valider`,
    },
    article_ready: {
      label: "Article prêt à relire",
      line: ({ pageName }) => `L'article ${quoted(pageName, "fr")} est prêt à relire`,
    },
    revision_done: {
      label: "Révision terminée",
      line: ({ pageName }) => `La révision de ${quoted(pageName, "fr")} est prête à relire`,
    },
    article_published: {
      label: "Article publié",
      line: ({ pageName }) => `L'article ${quoted(pageName, "fr")} est publié sur votre site`,
    },
    guest_commented: {
      label: "Commentaire d'un relecteur",
      line: ({ pageName, actorName }) => `${actorName ?? "Un relecteur"} a commenté ${quoted(pageName, "fr")}`,
    },
    guest_approved: {
      label: "Article approuvé par un relecteur",
      line: ({ pageName, actorName }) => `${actorName ?? "Un relecteur"} a approuvé ${quoted(pageName, "fr")}`,
    },
    guest_asked_changes: {
      label: "Modifications demandées par un relecteur",
      line: ({ pageName, actorName }) => `${actorName ?? "Un relecteur"} demande des modifications sur ${quoted(pageName, "fr")}`,
    },
    client_approved: {
      label: "Article approuvé par le client",
      line: ({ pageName, actorName }) => `${actorName ?? "Le client"} a approuvé ${quoted(pageName, "fr")}`,
    },
    client_asked_changes: {
      label: "Modifications demandées par le client",
      line: ({ pageName, actorName }) => `${actorName ?? "Le client"} demande des modifications sur ${quoted(pageName, "fr")}`,
    },
    monthly_report: {
      label: "Rapport du mois",
      line: ({ pageName, createdAt }) =>
        `Votre rapport ${ofMonthFr(monthWords(createdAt, "fr"))} pour ${pageName ?? "votre site"} est prêt`,
    },
    checks_capped: {
      label: "Plafond de vérifications atteint",
      line: ({ pageName }) => `Les vérifications de ${pageName ?? "un site"} sont arrêtées : plafond du mois atteint`,
    },
  },
  en: {
    outline_ready: {
      label: "Outline ready for approval",
      line: ({ pageName }) => `The outline of ${quoted(pageName, "en")} is ready for approval`,
    },
    article_ready: {
      label: "Article ready for review",
      line: ({ pageName }) => `The article ${quoted(pageName, "en")} is ready for review`,
    },
    revision_done: {
      label: "Revision done",
      line: ({ pageName }) => `The revision of ${quoted(pageName, "en")} is ready for review`,
    },
    article_published: {
      label: "Article published",
      line: ({ pageName }) => `The article ${quoted(pageName, "en")} is published on your site`,
    },
    guest_commented: {
      label: "Comment from a reviewer",
      line: ({ pageName, actorName }) => `${actorName ?? "A reviewer"} commented on ${quoted(pageName, "en")}`,
    },
    guest_approved: {
      label: "Article approved by a reviewer",
      line: ({ pageName, actorName }) => `${actorName ?? "A reviewer"} approved ${quoted(pageName, "en")}`,
    },
    guest_asked_changes: {
      label: "Changes asked for by a reviewer",
      line: ({ pageName, actorName }) => `${actorName ?? "A reviewer"} asks for changes to ${quoted(pageName, "en")}`,
    },
    client_approved: {
      label: "Article approved by the client",
      line: ({ pageName, actorName }) => `${actorName ?? "The client"} approved ${quoted(pageName, "en")}`,
    },
    client_asked_changes: {
      label: "Changes asked for by the client",
      line: ({ pageName, actorName }) => `${actorName ?? "The client"} asks for changes to ${quoted(pageName, "en")}`,
    },
    monthly_report: {
      label: "Monthly report",
      line: ({ pageName, createdAt }) => `Your ${monthWords(createdAt, "en")} report for ${pageName ?? "your site"} is ready`,
    },
    checks_capped: {
      label: "Checks spending cap reached",
      line: ({ pageName }) => `The checks of ${pageName ?? "a site"} are stopped: the month's cap is reached`,
    },
  },
};

/**
 * Where a line leads: its path (kept by the database from what it is about), and for a monthly report the month it
 * reports on (the one before its date), so that an older report's line opens that month.
 */
export function notificationHref(n: Pick<NotificationLine, "kind" | "path"> & { createdAt: string | Date }): string {
  return n.kind === "monthly_report" ? `${n.path}?month=${reportMonthOf(n.createdAt)}` : n.path;
}

/** The bell's badge: the count, or "9+" past nine (the button's label always says the exact number). */
export const badgeText = (count: number) => (count > 9 ? "9+" : String(count));

/** The bell's list shows the newest few; the page lists them all, this many at a time. */
export const BELL_LIST_SIZE = 8;
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** How a person gets their notifications by e-mail (/settings). */
export const EMAIL_MODES = ["each", "digest", "off"] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];
export const EMAIL_MODE_LABELS: Record<EmailMode, { label: string; hint: string }> = {
  each: { label: "Une par une", hint: "Un e-mail dès qu'une notification arrive." },
  digest: { label: "Un récapitulatif par jour", hint: "Un seul e-mail le matin, avec les notifications de la veille." },
  off: { label: "Aucun e-mail", hint: "Les notifications restent dans la cloche." },
};
export const EMAIL_LANGUAGES: Record<NotificationLanguage, string> = { fr: "Français", en: "English" };

/** A person's choices, as /settings shows them: `kinds` are those they can get, `emailed` those sent by e-mail. */
export type NotificationPreferences = {
  emailMode: EmailMode;
  emailLanguage: NotificationLanguage;
  kinds: NotificationKind[];
  emailed: NotificationKind[];
};

/** The outline screen of a page. */
export const outlinePath = (siteId: number, pageId: number) => `/sites/${siteId}/pages/${pageId}/outline`;
