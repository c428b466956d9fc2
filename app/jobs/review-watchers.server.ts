/**
 * The reviewers who left an address with a comment through a review link are told when the page's next round is
 * ready (issue 38): one e-mail each, with the link itself (its token kept sealed for that, and opened only here),
 * once per round. Written with the revision, in its transaction: told exactly when the revision exists. A link
 * revoked or expired meanwhile tells nobody.
 */
import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { pages, reviewLinks, reviewLinkWatchers, sites } from "../../db/schema";
import { BRAND_NAME } from "~/lib/constants";
import { watcherTokenContext } from "~/lib/review-link";
import type { Db } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { actionMail } from "~/services/mail.server";
import { openSecret, UnreadableSecretError } from "~/services/secrets.server";
import { actionNamed, insertActionRows } from "./action-rows.server";

/** Tells the page's watchers that its current round is ready; answers how many were told. */
export async function tellReviewWatchers(tx: Db, pageId: number): Promise<number> {
  const [page] = await tx
    .select({ name: pages.name, round: pages.revisionRequests, siteName: sites.name })
    .from(pages)
    .innerJoin(sites, eq(sites.id, pages.site))
    .where(eq(pages.id, pageId));
  if (!page || page.round === 0) return 0;
  const watchers = await tx
    .select({
      id: reviewLinkWatchers.id,
      link: reviewLinkWatchers.link,
      email: reviewLinkWatchers.email,
      sealed: reviewLinkWatchers.tokenSealed,
    })
    .from(reviewLinkWatchers)
    .innerJoin(reviewLinks, eq(reviewLinks.id, reviewLinkWatchers.link))
    .where(
      and(
        eq(reviewLinks.page, pageId),
        isNull(reviewLinks.revokedAt),
        gt(reviewLinks.expiresAt, sql`now()`),
        lt(reviewLinkWatchers.notifiedRound, page.round),
      ),
    );
  const mails = [];
  for (const watcher of watchers) {
    let token: string;
    try {
      token = openSecret(watcher.sealed, watcherTokenContext(watcher.link));
    } catch (error) {
      if (!(error instanceof UnreadableSecretError)) throw error;
      logger.warn({ watcherId: watcher.id }, "review watcher's link can no longer be read (AUTH_SECRET changed): not told");
      continue;
    }
    mails.push(
      actionMail({
        to: watcher.email,
        subject: `La révision ${page.round} de « ${page.name} » est prête à relire`,
        greeting: "Bonjour,",
        lines: [
          `Vous avez commenté l'article « ${page.name} » (${page.siteName}). Sa révision ${page.round}, écrite d'après les commentaires, est prête.`,
          "Le même lien de relecture la montre, avec ce qui a changé depuis votre lecture.",
        ],
        action: "Relire la révision",
        url: `${getEnv().PUBLIC_URL}/r/${token}`,
        footer: `Vous recevez cet e-mail parce que vous avez laissé votre adresse avec un commentaire sur ${BRAND_NAME} ; elle ne sert qu'à cela.`,
      }),
    );
  }
  if (watchers.length) {
    // send_email requests written as the notifications write theirs (tasks may not import the queue: a cycle).
    await insertActionRows(
      tx,
      actionNamed("send_email"),
      null,
      mails.map((mail) => ({ pageId: null, info2: JSON.stringify(mail) })),
    );
    await tx
      .update(reviewLinkWatchers)
      .set({ notifiedRound: page.round })
      .where(
        inArray(
          reviewLinkWatchers.id,
          watchers.map((w) => w.id),
        ),
      );
  }
  return mails.length;
}
