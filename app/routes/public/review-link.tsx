/**
 * /r/:token — a version shared for review with someone who has no account (issue 16). Public, rendered on the
 * server, not indexed, without the signed-in area's code (a static page: its island enhances the passage
 * comments). Whoever has the link reads the article as it will be published (sanitized, its cover image and
 * meta description), comments on a passage or on the whole, and approves or asks for changes, giving a name.
 * An unknown, expired or revoked link answers 404 like any missing page. Every write is checked against the
 * token's version (models/review-link.server.ts) and rate-limited per link and per address.
 */
import { CheckCircle2, MessageSquare, MessageSquareWarning } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/review-link";
import { ArticleHtml } from "~/components/article-html";
import { Footer } from "~/components/footer";
import { IslandScript } from "~/components/island-script";
import { NotFoundPage } from "~/components/not-found-page";
import { BRAND_NAME } from "~/lib/constants";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";
import { successToast } from "~/lib/toast";
import { REVIEW_LIMITS } from "~/lib/review-link";
import { guestCommentSchema, guestDecisionSchema, PASSAGE_INVALID } from "~/lib/schemas/review-link";
import { parseSubmission } from "~/lib/schemas/submission";
import {
  GuestDecisionError,
  guestComment,
  guestDecide,
  guestLiveLinkId,
  guestOpenReview,
  type ReviewCommentRow,
} from "~/models/review-link.server";
import { clientIp } from "~/services/auth.server";
import { consumeRateLimit } from "~/services/rate-limit.server";
import { redirectWithToast } from "~/services/toast.server";

/** A static page: no framework scripts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE };
export const clientLoader = loadAsDocument;

/** Never indexed, never kept by a shared cache, and the token never sent on to another site (same-origin: the
 * forms still carry their Origin, which the server checks). */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" };

/** Writes per link and per address, per hour. */
const LIMITS = { perLink: 60, perAddress: 30 } as const;

const dateFormat = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris" });
const dateTimeFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });
const shortDate = new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", timeZone: "Europe/Paris" });

const STATE_TEXTS = {
  Draft: "En attente de votre avis",
  "In revision": "Modifications demandées : l'équipe les reprend",
  Approved: "Approuvé",
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const review = await guestOpenReview(params.token ?? "");
  if (!review) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return data(
    {
      review: {
        ...review,
        expiresLabel: dateFormat.format(review.expiresAt),
        expiresAt: review.expiresAt.toISOString(),
        comments: review.comments.map(screenComment),
        earlier: review.earlier.map(screenComment),
        // Which round this is (issue 38): "Révision 1, après les commentaires du 28/11".
        roundLabel: review.round
          ? `Révision ${review.round.number}${review.round.requestedAt ? `, après les commentaires du ${shortDate.format(review.round.requestedAt)}` : ""}`
          : "Premier jet",
        changes: review.changes ? { ...review.changes, sinceLabel: dateTimeFormat.format(review.changes.since) } : null,
        revisionDueLabel: review.revisionDueAt ? dateTimeFormat.format(review.revisionDueAt) : null,
      },
    },
    { headers: PRIVATE_HEADERS },
  );
}

const screenComment = (comment: ReviewCommentRow) => ({
  ...comment,
  createdAt: comment.createdAt.toISOString(),
  dateLabel: dateTimeFormat.format(comment.createdAt),
});

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(PRIVATE_HEADERS);
  for (const source of [loaderHeaders, actionHeaders]) {
    const cacheControl = source?.get("Cache-Control");
    if (cacheControl) headers.set("Cache-Control", cacheControl);
  }
  return headers;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.review ? `Relecture : ${loaderData.review.title} – ${BRAND_NAME}` : `Page introuvable – ${BRAND_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

type FormName = "comment" | "decision";
type Refusal = { form: FormName; errors: Partial<Record<"name" | "body" | "email" | "form", string>>; values: Record<string, string> };

const refuse = (refusal: Refusal, status = 400) => data(refusal, { status, headers: PRIVATE_HEADERS });

export async function action({ request, params }: Route.ActionArgs) {
  const token = params.token ?? "";
  const form = await request.formData();
  const fields = Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]));
  const intent = fields.intent;
  const which: FormName = intent === "comment" ? "comment" : "decision";
  if (intent !== "comment" && intent !== "approve" && intent !== "changes") {
    return refuse({ form: which, errors: { form: "Action inconnue." }, values: fields });
  }
  // Checked before anything is read: a link that is not live answers like a missing page.
  const linkId = await guestLiveLinkId(token);
  if (linkId === null) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  // The address first: what one address is refused does not spend the link's own allowance.
  const perAddress = await consumeRateLimit(`review-link-ip:${clientIp(request)}`, 3600, LIMITS.perAddress);
  const perLink = perAddress.allowed ? await consumeRateLimit(`review-link:${linkId}`, 3600, LIMITS.perLink) : perAddress;
  if (!perLink.allowed || !perAddress.allowed) {
    const wait = Math.ceil(Math.max(perLink.retryAfterSeconds, perAddress.retryAfterSeconds) / 60);
    return refuse({ form: which, errors: { form: `Trop d'envois depuis ce lien : réessayez dans ${wait} min.` }, values: fields }, 429);
  }
  const back = `/r/${token}`;

  if (intent === "comment") {
    const parsed = parseSubmission(form, guestCommentSchema);
    if (parsed.status !== "success") return refuse({ form: "comment", errors: fieldErrors(parsed.error), values: fields });
    const { name, body, quote, quoteStart, quoteEnd, email } = parsed.value;
    const passage =
      quote && typeof quoteStart === "number" && typeof quoteEnd === "number" && quoteEnd > quoteStart
        ? { text: quote, start: quoteStart, end: quoteEnd }
        : null;
    if (!(await guestComment(token, { name, body, quote: passage, email }))) {
      throw data(null, { status: 404, headers: PRIVATE_HEADERS });
    }
    return redirectWithToast(
      `${back}#commentaires`,
      successToast(
        "Commentaire envoyé",
        email
          ? `L'auteur de l'article est prévenu ; vous le serez à ${email} quand la révision sera prête.`
          : "L'auteur de l'article est prévenu.",
      ),
    );
  }

  const parsed = parseSubmission(form, guestDecisionSchema);
  if (parsed.status !== "success") return refuse({ form: "decision", errors: fieldErrors(parsed.error), values: fields });
  const { name, body } = parsed.value;
  if (intent === "changes" && !body) {
    return refuse({ form: "decision", errors: { body: "Dites ce qu'il faut changer." }, values: fields });
  }
  try {
    const decided = await guestDecide(token, { name, decision: intent === "approve" ? "approved" : "changes", body });
    if (!decided) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  } catch (error) {
    if (error instanceof GuestDecisionError) {
      return refuse(
        {
          form: "decision",
          errors: { form: `Cet article n'attend plus de décision (${STATE_TEXTS[error.state].toLowerCase()}).` },
          values: fields,
        },
        409,
      );
    }
    throw error;
  }
  return redirectWithToast(
    back,
    intent === "approve"
      ? successToast("Article approuvé", "Merci : l'auteur et l'équipe sont prévenus.")
      : successToast("Demande envoyée", "L'équipe reprend l'article avec vos demandes."),
  );
}

/** The form's refusals as the page shows them: under the name and the text, and one line for the passage. */
function fieldErrors(error: Record<string, string[] | null> | null | undefined): Refusal["errors"] {
  const errors: Refusal["errors"] = {};
  for (const [field, messages] of Object.entries(error ?? {})) {
    const key = field === "name" || field === "body" || field === "email" ? field : "form";
    const message = key === "form" ? PASSAGE_INVALID : messages?.[0];
    if (message) errors[key] ??= message;
  }
  return errors;
}

const KIND_TEXTS = {
  comment: { label: "Commentaire", Icon: MessageSquare },
  approved: { label: "A approuvé l'article", Icon: CheckCircle2 },
  changes: { label: "A demandé des modifications", Icon: MessageSquareWarning },
} as const;

/** The content score for colleagues (issue 39), read-only: the figure beside the top pages' median, and the questions still unanswered. */
function ScoreForReviewers({ score }: { score: { score: number; topMedian: number | null; unansweredQuestions: string[] } }) {
  const questions = score.unansweredQuestions.slice(0, 5);
  return (
    <section aria-labelledby="score-title" className="mb-8 rounded-lg border p-4 text-sm" data-testid="review-link-score">
      <h2 id="score-title" className="font-medium">
        Score de contenu : <span className="tabular-nums">{score.score}</span>/100
        {score.topMedian !== null ? (
          <span className="font-normal text-muted-foreground">
            {" "}
            · médiane des 10 premiers résultats de Google : <span className="tabular-nums">{score.topMedian}</span>
          </span>
        ) : null}
      </h2>
      {questions.length ? (
        <>
          <p className="mt-2 text-muted-foreground">Questions que les internautes posent et que l'article ne traite pas encore :</p>
          <ul className="mt-1 list-disc pl-5">
            {questions.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-muted-foreground">L'article répond aux questions que les internautes posent sur le sujet.</p>
      )}
    </section>
  );
}

export default function ReviewLink({ loaderData, actionData }: Route.ComponentProps) {
  const { review } = loaderData;
  const refused = actionData as Refusal | undefined;
  const errorsOf = (form: FormName) => (refused?.form === form ? refused.errors : {});
  const valueOf = (form: FormName, field: string) => (refused?.form === form ? (refused.values[field] ?? "") : "");
  const comment = errorsOf("comment");
  const decision = errorsOf("decision");
  return (
    <>
      <main id="main" className="flex-1" data-island="review-link">
        <div className="border-b bg-muted/40">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">Relecture partagée · lien valable jusqu'au {review.expiresLabel}</p>
              <p className="font-medium">{review.title}</p>
              <p className="text-sm text-muted-foreground" data-testid="review-round">
                {review.roundLabel}
              </p>
            </div>
            <p className="rounded-full border bg-background px-3 py-1 text-sm" data-testid="review-state">
              {STATE_TEXTS[review.state]}
            </p>
          </div>
        </div>

        <div className="relative mx-auto max-w-6xl px-4 py-8 sm:px-6">
          <article className="max-w-3xl lg:mr-[19rem]">
            {review.coverImageUrl ? (
              <img src={review.coverImageUrl} alt="" className="mb-6 max-h-[400px] w-full rounded-xl object-cover" fetchPriority="high" />
            ) : null}
            <section aria-label="Meta description" className="mb-8 rounded-lg border border-dashed p-4 text-sm">
              <p className="font-medium">Meta description</p>
              <p className="mt-1 text-muted-foreground">{review.description}</p>
            </section>
            {review.score ? <ScoreForReviewers score={review.score} /> : null}
            {review.changes ? <WhatChanged changes={review.changes} /> : null}
            {/<h1[\s>]/i.test(review.html) ? null : <h1 className="mb-6 text-3xl font-bold tracking-tight text-balance">{review.title}</h1>}
            <div data-review-article>
              <ArticleHtml html={review.html} className="sm:text-lg sm:leading-8 [&>:first-child]:mt-0" />
            </div>
          </article>
          {/* The button the island shows by a passage selected in the article. */}
          <button
            type="button"
            hidden
            data-comment-selection
            className="absolute z-10 rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground shadow-md"
          >
            Commenter ce passage
          </button>

          <div className="mt-12 grid max-w-3xl gap-10">
            <section id="commentaires" aria-labelledby="comments-title" className="grid scroll-mt-header gap-4">
              <h2 id="comments-title" className="text-xl font-semibold">
                Commentaires ({review.comments.length})
              </h2>
              {review.comments.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  Pas encore de commentaire. Sélectionnez un passage de l'article pour le commenter.
                </p>
              ) : (
                <ol className="grid gap-3">
                  {review.comments.map((c) => {
                    const { label, Icon } = KIND_TEXTS[c.kind];
                    return (
                      <li
                        key={c.id}
                        id={`commentaire-${c.id}`}
                        className="scroll-mt-header rounded-lg border p-4"
                        data-comment-author={c.authorName}
                        {...(c.quote ? { "data-comment-quote": c.quote, "data-comment-start": String(c.quoteStart ?? 0) } : {})}
                      >
                        <p className="flex flex-wrap items-center gap-x-2 text-sm">
                          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                          <span className="font-medium">{c.authorName}</span>
                          <span className="text-muted-foreground">
                            · {label} · <time dateTime={c.createdAt}>{c.dateLabel}</time>
                          </span>
                        </p>
                        {c.quote ? (
                          <blockquote className="mt-2 border-l-2 pl-3 text-sm text-muted-foreground italic">« {c.quote} »</blockquote>
                        ) : null}
                        {c.body ? <p className="mt-2 whitespace-pre-wrap">{c.body}</p> : null}
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>

            {review.earlier.length ? (
              <section aria-labelledby="earlier-title" className="grid gap-3">
                <h2 id="earlier-title" className="text-lg font-semibold">
                  Vos commentaires sur la version précédente
                </h2>
                <ol className="grid gap-3">
                  {review.earlier.map((c) => (
                    <li key={c.id} className="rounded-lg border border-dashed p-4 text-sm">
                      <p className="text-muted-foreground">
                        {c.authorName} · {KIND_TEXTS[c.kind].label} · <time dateTime={c.createdAt}>{c.dateLabel}</time>
                      </p>
                      {c.quote ? (
                        <blockquote className="mt-2 border-l-2 pl-3 text-muted-foreground italic">« {c.quote} »</blockquote>
                      ) : null}
                      {c.body ? <p className="mt-2 whitespace-pre-wrap">{c.body}</p> : null}
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}

            <form method="post" data-review-comment-form className="grid gap-3 rounded-lg border p-4" aria-labelledby="comment-title">
              <h2 id="comment-title" className="text-lg font-semibold">
                Ajouter un commentaire
              </h2>
              <input type="hidden" name="intent" value="comment" />
              <input type="hidden" name="quote" defaultValue={valueOf("comment", "quote")} />
              <input type="hidden" name="quoteStart" defaultValue={valueOf("comment", "quoteStart")} />
              <input type="hidden" name="quoteEnd" defaultValue={valueOf("comment", "quoteEnd")} />
              <div data-quote-preview hidden className="flex items-start justify-between gap-3 rounded-md bg-sky-50 p-3 text-sm">
                <p>
                  <span className="font-medium">Passage commenté : </span>
                  <span data-quote-text className="italic" />
                </p>
                <button type="button" data-quote-clear className="shrink-0 text-primary underline underline-offset-4">
                  Commenter tout l'article
                </button>
              </div>
              <Field form="comment" field="name" label="Votre nom" error={comment.name} defaultValue={valueOf("comment", "name")} />
              <Field
                form="comment"
                field="body"
                label="Commentaire"
                hint="Sur tout l'article, ou sur un passage : sélectionnez-le dans l'article."
                error={comment.body}
                defaultValue={valueOf("comment", "body")}
                multiline
              />
              <Field
                form="comment"
                field="email"
                label="Votre e-mail (facultatif)"
                hint="Pour être prévenu quand la révision sera prête ; il ne sert qu'à cela."
                error={comment.email}
                defaultValue={valueOf("comment", "email")}
              />
              {comment.form ? (
                <p role="alert" className="text-sm text-destructive">
                  {comment.form}
                </p>
              ) : null}
              <div>
                <button type="submit" className={BUTTON}>
                  Envoyer le commentaire
                </button>
              </div>
            </form>

            {review.state === "Draft" ? (
              <form method="post" className="grid gap-3 rounded-lg border p-4" aria-labelledby="decision-title">
                <h2 id="decision-title" className="text-lg font-semibold">
                  Votre décision
                </h2>
                <p className="text-sm text-muted-foreground">L'auteur de l'article et l'équipe sont prévenus de votre décision.</p>
                <Field form="decision" field="name" label="Votre nom" error={decision.name} defaultValue={valueOf("decision", "name")} />
                <Field
                  form="decision"
                  field="body"
                  label="Message"
                  hint="Obligatoire pour demander des modifications : dites ce qu'il faut changer."
                  error={decision.body}
                  defaultValue={valueOf("decision", "body")}
                  multiline
                />
                {decision.form ? (
                  <p role="alert" className="text-sm text-destructive">
                    {decision.form}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-3">
                  <button type="submit" name="intent" value="approve" className={BUTTON}>
                    Approuver l'article
                  </button>
                  <button type="submit" name="intent" value="changes" className={SECONDARY_BUTTON}>
                    Demander des modifications
                  </button>
                </div>
              </form>
            ) : (
              <p className="rounded-lg border p-4 text-sm" role="status">
                {review.state === "Approved"
                  ? "Cet article est approuvé."
                  : `Des modifications ont été demandées : l'équipe les reprend${review.revisionDueLabel ? `, révision attendue d'ici le ${review.revisionDueLabel}` : ""}. Ce lien montrera la révision dès qu'elle sera écrite.`}
              </p>
            )}
          </div>
        </div>
        <IslandScript name="review-link" />
      </main>
      <Footer />
    </>
  );
}

const BUTTON_SHAPE =
  "inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
const BUTTON = `${BUTTON_SHAPE} bg-primary text-primary-foreground hover:bg-primary/90`;
const SECONDARY_BUTTON = `${BUTTON_SHAPE} border border-input bg-background text-foreground hover:bg-accent`;

/** What changed since the version this link's reviewers read, paragraph by paragraph (the unchanged ones counted). */
function WhatChanged({
  changes,
}: {
  changes: { paragraphs: { text: string; kind: "same" | "added" | "removed" }[][]; unchanged: number; sinceLabel: string };
}) {
  return (
    <details className="mb-8 rounded-lg border p-4 text-sm" data-testid="review-changes">
      <summary className="cursor-pointer font-medium">
        Ce qui a changé depuis la version du {changes.sinceLabel} ({changes.paragraphs.length} passage
        {changes.paragraphs.length > 1 ? "s" : ""})
      </summary>
      <div className="mt-3 grid gap-3">
        {changes.paragraphs.map((parts, i) => (
          <p key={i} className="whitespace-pre-wrap [overflow-wrap:anywhere]">
            {parts.map((part, j) =>
              part.kind === "added" ? (
                <ins key={j} className="bg-emerald-100 text-emerald-950 no-underline dark:bg-emerald-950 dark:text-emerald-100">
                  {part.text}
                </ins>
              ) : part.kind === "removed" ? (
                <del key={j} className="bg-rose-100 text-rose-950 dark:bg-rose-950 dark:text-rose-100">
                  {part.text}
                </del>
              ) : (
                <span key={j}>{part.text}</span>
              ),
            )}
          </p>
        ))}
        {changes.unchanged ? (
          <p className="text-muted-foreground">
            {changes.unchanged} passage{changes.unchanged > 1 ? "s" : ""} sans changement.
          </p>
        ) : null}
      </div>
    </details>
  );
}

function Field(props: {
  form: FormName;
  field: "name" | "body" | "email";
  label: string;
  hint?: string;
  error?: string;
  defaultValue: string;
  multiline?: boolean;
}) {
  const id = `${props.form}-${props.field}`;
  const described = [props.error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: props.field,
    defaultValue: props.defaultValue,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": described,
    className:
      "w-full rounded-md border border-input bg-background px-3 py-2 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive sm:text-sm",
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      {props.multiline ? (
        <textarea {...common} rows={4} maxLength={REVIEW_LIMITS.body} />
      ) : (
        <input
          {...common}
          type={props.field === "email" ? "email" : "text"}
          autoComplete={props.field === "email" ? "email" : "name"}
          maxLength={props.field === "email" ? 254 : REVIEW_LIMITS.name}
        />
      )}
      {props.hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
