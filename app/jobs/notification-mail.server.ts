/**
 * The notification e-mails (issue 16): one per notification, or a day's in one digest, in the recipient's
 * language (notification_preferences.email_language), each line leading to its page, and a way to change the
 * preferences. Written by the notification_email and notification_digest tasks.
 */
import {
  NOTIFICATION_TEXTS,
  notificationHref,
  type NotificationKind,
  type NotificationLanguage,
  type NotificationLine,
} from "~/lib/notifications";
import { getEnv } from "~/services/env.server";
import { signedLinkToken } from "~/services/secret-tokens.server";
import { REPORT_UNSUBSCRIBE_PURPOSE } from "~/lib/results-rules";
import { actionMail, type Mail } from "~/services/mail.server";

export type Recipient = { email: string; name: string; language: NotificationLanguage };
export type MailedNotification = Pick<NotificationLine, "kind" | "siteId" | "pageId" | "versionId" | "pageName" | "actorName" | "path"> & {
  createdAt: string | Date;
};

const WORDS = {
  fr: {
    greeting: (name: string) => (name ? `Bonjour ${name},` : "Bonjour,"),
    footer: (url: string) =>
      `Vous recevez cet e-mail parce que les notifications par e-mail sont activées sur votre compte. Pour les changer : ${url}`,
    digestSubject: (count: number) => (count === 1 ? "Votre notification du jour" : `Vos ${count} notifications du jour`),
    digestIntro: "Voici ce qui s'est passé depuis le dernier récapitulatif :",
    digestAction: "Voir toutes les notifications",
    unsubscribeReport: (url: string) => `Pour ne plus recevoir le rapport mensuel de ce site, sans vous connecter : ${url}`,
  },
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    footer: (url: string) => `You get this e-mail because e-mail notifications are on for your account. To change them: ${url}`,
    digestSubject: (count: number) => (count === 1 ? "Your notification of the day" : `Your ${count} notifications of the day`),
    digestIntro: "Here is what happened since the last summary:",
    digestAction: "See all notifications",
    unsubscribeReport: (url: string) => `To stop getting this site's monthly report, without signing in: ${url}`,
  },
} as const;

/** Per kind: what the e-mail adds to the line, and its button. */
const DETAILS: Record<NotificationLanguage, Record<NotificationKind, { line: string; action: string }>> = {
  fr: {
    outline_ready: {
      line: "Relisez le titre, l'angle et le plan, modifiez ce qui doit l'être, puis validez : l'article sera écrit à partir de ce plan.",
      action: "Valider le plan",
    },
    article_ready: {
      line: "Relisez-le quand vous voulez : vous pouvez l'approuver ou demander des modifications.",
      action: "Relire l'article",
    },
    revision_done: { line: "Les modifications demandées sont faites : relisez la nouvelle version.", action: "Relire la révision" },
    article_published: { line: "Il est en ligne sur votre site.", action: "Voir la page" },
    guest_commented: { line: "Son commentaire est sur la version, avec le passage commenté.", action: "Lire le commentaire" },
    guest_approved: { line: "La décision est enregistrée sur la version, avec son nom.", action: "Ouvrir l'article" },
    guest_asked_changes: { line: "Ses demandes sont sur la version : l'équipe les reprend.", action: "Voir les demandes" },
    client_approved: { line: "L'article est approuvé : il peut être publié.", action: "Ouvrir l'article" },
    client_asked_changes: { line: "Ses commentaires sont sur la version.", action: "Voir les commentaires" },
    monthly_report: {
      line: "Positions dans Google, présence dans les réponses des assistants, articles livrés : le mois en une page, à imprimer si vous voulez.",
      action: "Lire le rapport",
    },
    checks_capped: {
      line: "Aucune vérification de ce site ne part plus ce mois-ci. Relevez le plafond si besoin.",
      action: "Ouvrir le site",
    },
  },
  en: {
    outline_ready: {
      line: "Read the title, angle and plan, change what needs changing, then approve it: the article is written from this outline.",
      action: "Approve the outline",
    },
    article_ready: { line: "Read it when you like: you can approve it or ask for changes.", action: "Review the article" },
    revision_done: { line: "The changes you asked for are made: read the new version.", action: "Review the revision" },
    article_published: { line: "It is live on your site.", action: "See the page" },
    guest_commented: { line: "The comment is on the version, with the passage it is about.", action: "Read the comment" },
    guest_approved: { line: "The decision is recorded on the version, with their name.", action: "Open the article" },
    guest_asked_changes: { line: "The requests are on the version: the team takes them up.", action: "See the requests" },
    client_approved: { line: "The article is approved: it can be published.", action: "Open the article" },
    client_asked_changes: { line: "Their comments are on the version.", action: "See the comments" },
    monthly_report: {
      line: "Google positions, presence in the assistants' answers, articles delivered: the month on one page, printable.",
      action: "Read the report",
    },
    checks_capped: { line: "No more checks of this site run this month. Raise the cap if needed.", action: "Open the site" },
  },
};

const absolute = (path: string) => new URL(path, getEnv().PUBLIC_URL).href;

/** One notification's e-mail. */
export function notificationMail(to: Recipient, notification: MailedNotification): Mail {
  const words = WORDS[to.language];
  const line = NOTIFICATION_TEXTS[to.language][notification.kind].line(notification);
  const details = DETAILS[to.language][notification.kind];
  return actionMail({
    to: to.email,
    subject: line,
    greeting: words.greeting(to.name),
    lines: [`${line}.`, details.line],
    action: details.action,
    url: absolute(notificationHref(notification)),
    footer:
      notification.kind === "monthly_report"
        ? `${words.unsubscribeReport(absolute(reportUnsubscribePath(notification.siteId)))}\n${words.footer(absolute("/settings"))}`
        : words.footer(absolute("/settings")),
    language: to.language,
  });
}

/** The monthly report's unsubscribe link (no account needed): signed with the server's secret (issue 17). */
export const reportUnsubscribePath = (siteId: number) =>
  `/reports/unsubscribe/${siteId}/${signedLinkToken(REPORT_UNSUBSCRIBE_PURPOSE, siteId)}`;

/** A day's notifications in one e-mail, newest last, each line a link. */
export function digestMail(to: Recipient, notifications: MailedNotification[]): Mail {
  const words = WORDS[to.language];
  return actionMail({
    to: to.email,
    subject: words.digestSubject(notifications.length),
    greeting: words.greeting(to.name),
    lines: [words.digestIntro],
    items: notifications.map((n) => ({
      text: NOTIFICATION_TEXTS[to.language][n.kind].line(n),
      url: absolute(notificationHref(n)),
    })),
    action: words.digestAction,
    url: absolute("/notifications"),
    footer: words.footer(absolute("/settings")),
    language: to.language,
  });
}

/** When a digest asked for now is sent: the next 07:00 UTC (every morning in Europe). */
export function nextDigestAt(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 7));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
