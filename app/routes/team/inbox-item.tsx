import { getFormProps } from "@conform-to/react";
import { ExternalLink } from "lucide-react";
import { data, Link } from "react-router";
import { BackLink, DetailField } from "~/components/detail-list";
import type { Route } from "./+types/inbox-item";
import { RevisionCard } from "./inbox-item/revision-card";
import { TrialCard } from "./inbox-item/trial-card";
import { FieldError, FormField } from "~/components/form-field";
import { NativeSelect } from "~/components/native-select";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { BRAND_NAME } from "~/lib/constants";
import { idOr404 } from "~/lib/not-found";
import { inboxAssignSchema, inboxReplySchema, INBOX_REPLY_LIMITS, revisionConfirmSchema, trialStartSchema } from "~/lib/schemas/team";
import { parseSubmission } from "~/lib/schemas/submission";
import { teamDateTime } from "~/lib/team-format";
import { firstArticleDueText, INBOX_KINDS, REVIEW_DECISIONS } from "~/lib/team-inbox";
import { errorToast, successToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import {
  InboxItemMissingError,
  InboxRefusedError,
  teamAssignInboxItem,
  teamGetInboxItem,
  teamReplyToInboxItem,
  teamSetInboxHandled,
  type InboxItem,
} from "~/models/team-inbox.server";
import { RevisionClosedError, teamConfirmRevision, teamRevisionOfVersion } from "~/models/revision-request.server";
import { listLanguageChoices } from "~/models/reference.server";
import { teamStartTrialArticle, teamTrialProgress, TrialRefusedError } from "~/models/team-trial.server";
import { requireTeamMember, type TeamMember } from "~/services/auth.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded ? INBOX_KINDS[loaded.item.kind] : "Boîte de réception"} – ${BRAND_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const itemId = idOr404(params.itemId);
  // A first-article request's trial (issue 38) is read before the item: a draft delivered between the two reads then
  // shows in the item's state no later than in the trial's steps, which poll until they say it was delivered (read
  // the other way round, the steps could say delivered, stop polling, and leave the item's state behind for good).
  const progress = await teamTrialProgress(member, itemId);
  const found = await teamGetInboxItem(member, itemId);
  if (!found) throw data(null, { status: 404 });
  // A request for changes: the revision it started (issue 38).
  const versionId = found.item.review?.decision === "revision" ? found.item.review.version.versionId : null;
  const revision = versionId ? await teamRevisionOfVersion(member, versionId) : null;
  const trial = found.item.kind === "first_article" ? progress : null;
  const site = found.item.site;
  // Before a trial starts, the languages to choose from when the request gave none.
  const languages = !trial && site?.id && !site.language ? (await listLanguageChoices()).languages : [];
  return { ...found, revision, trial, languages, memberId: member.id, now: new Date().toISOString() };
}

type Ctx = { request: Request; form: FormData; member: TeamMember; id: number };

async function assign({ form, member, id }: Ctx) {
  const submission = parseSubmission(form, inboxAssignSchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission) });
  await teamAssignInboxItem(member, id, submission.value.assignee);
  return reply({ ok: true, toast: successToast(submission.value.assignee ? "Élément attribué" : "Élément remis à personne") });
}

async function handle({ member, id }: Ctx) {
  await teamSetInboxHandled(member, id, true);
  return reply({ ok: true, toast: successToast("Marqué comme traité") });
}

async function reopen({ member, id }: Ctx) {
  await teamSetInboxHandled(member, id, false);
  return reply({ ok: true, toast: successToast("Élément rouvert") });
}

async function send({ form, member, id }: Ctx) {
  const submission = parseSubmission(form, inboxReplySchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission, { title: "Réponse non envoyée" }) });
  await teamReplyToInboxItem(member, id, submission.value);
  return reply({ ok: true, sent: true, toast: successToast("Réponse envoyée", `À ${submission.value.to}`) });
}

/** Confirms the revision's instructions as the team leaves them: the revision is queued (issue 38). */
async function confirmRevision({ form, member }: Ctx) {
  const submission = parseSubmission(form, revisionConfirmSchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission, { title: "Révision non lancée" }) });
  await teamConfirmRevision(member, submission.value.request, submission.value.instructions);
  return reply({ ok: true, toast: successToast("Révision lancée", "La nouvelle version s'écrit ; le client en sera prévenu.") });
}

/** Starts the request's trial article (issue 38): the page, its search, then its outline. */
async function start({ form, member, id }: Ctx) {
  const submission = parseSubmission(form, trialStartSchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission, { title: "Article d'essai non lancé" }) });
  const started = await teamStartTrialArticle(member, id, submission.value);
  return reply({
    ok: true,
    toast: successToast("Article d'essai lancé", `La page ${started.pageUrl} est créée ; sa recherche est en file, le plan suivra.`),
  });
}

const INTENTS = { assign, handle, reopen, send, start, "confirm-revision": confirmRevision };

export async function action({ request, params }: Route.ActionArgs) {
  const member = await requireTeamMember(request);
  const id = idOr404(params.itemId);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Action inconnue.", "Erreur") });
  return runIntent(
    INTENTS,
    intent,
    { request, form, member, id, user: member },
    {
      expected: [InboxItemMissingError, InboxRefusedError, RevisionClosedError, TrialRefusedError],
      failed: (error, failedIntent) =>
        reply({
          ok: false,
          toast: errorToast(
            error instanceof InboxItemMissingError ||
              error instanceof InboxRefusedError ||
              error instanceof RevisionClosedError ||
              error instanceof TrialRefusedError
              ? error.message
              : "L'action n'a pas pu être faite. Rien n'a été modifié ; réessayez.",
            failedIntent === "start" ? "Article d'essai non lancé" : "Erreur",
          ),
        }),
    },
  );
}

const MAIL_STATES: Record<string, { label: string; tone: "default" | "secondary" | "destructive" | "outline" }> = {
  queued: { label: "En file d'envoi", tone: "secondary" },
  running: { label: "En cours d'envoi", tone: "secondary" },
  waiting: { label: "En attente", tone: "secondary" },
  done: { label: "Envoyé", tone: "default" },
  failed: { label: "Échec de l'envoi", tone: "destructive" },
  cancelled: { label: "Annulé", tone: "outline" },
};

/** The subject a reply starts from. */
function replySubject(item: InboxItem): string {
  if (item.kind === "first_article") return `Votre premier article – ${BRAND_NAME}`;
  if (item.kind === "contact") return `Votre message – ${BRAND_NAME}`;
  return `Votre article : ${item.subject}`.slice(0, INBOX_REPLY_LIMITS.subject);
}

export default function TeamInboxItem({
  loaderData: { item, addresses, replies, members, memberId, now, revision, trial, languages },
}: Route.ComponentProps) {
  const due = item.kind === "first_article" && !item.handledAt ? firstArticleDueText(new Date(item.receivedAt), new Date(now)) : null;
  return (
    <div className="grid max-w-4xl grid-cols-1 gap-6">
      <BackLink to="/team/inbox">Boîte de réception</BackLink>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="secondary">{INBOX_KINDS[item.kind]}</Badge>
          {item.review?.decision ? <Badge>{REVIEW_DECISIONS[item.review.decision]}</Badge> : null}
          <span className="text-muted-foreground">Reçu le {teamDateTime(item.receivedAt)}</span>
          {due ? <span className={due.overdue ? "font-medium text-destructive" : "text-muted-foreground"}>{due.text}</span> : null}
        </div>
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{item.subject}</h1>
        <p className="text-sm text-muted-foreground" data-testid="inbox-state">
          {item.handledAt
            ? `Traité le ${teamDateTime(item.handledAt)}${item.handlerName ? ` par ${item.handlerName}` : item.trial?.deliveredVersion ? " : brouillon d'essai livré" : ""}.`
            : item.assignee?.id
              ? `À traiter, par ${item.assignee.id === memberId ? "vous" : item.assignee.name}.`
              : "À traiter, par personne encore."}
        </p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] [&>*]:min-w-0">
        <div className="grid content-start gap-6">
          {item.site ? <TrialCard site={item.site} topic={item.topic} trial={trial} languages={languages} /> : null}
          <Details item={item} />
        </div>
        <Handling item={item} members={members} />
      </div>

      {revision ? (
        <RevisionCard
          key={`${revision.id}-${revision.stage}`}
          revision={revision}
          pageLink={item.review?.version.pageId ? `/sites/${item.review.version.siteId}/pages/${item.review.version.pageId}` : null}
        />
      ) : null}

      {/* A new card after each reply sent: the form starts again from its defaults. */}
      <ReplyCard key={replies.length} item={item} addresses={addresses} />

      {replies.length ? (
        <section aria-labelledby="replies-title" className="grid gap-3">
          <h2 id="replies-title" className="text-lg font-semibold">
            Réponses envoyées
          </h2>
          <ol className="grid gap-3">
            {replies.map((line) => {
              const state = line.mailState ? MAIL_STATES[line.mailState] : null;
              return (
                <li key={line.id} className="grid gap-2 rounded-lg border p-4">
                  <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    <span>{teamDateTime(line.sentAt)}</span>
                    <span>
                      {line.senderLabel} → {line.toAddress}
                    </span>
                    {state ? (
                      <Badge variant={state.tone} className="ml-auto">
                        {state.label}
                      </Badge>
                    ) : null}
                  </div>
                  <p className="font-medium [overflow-wrap:anywhere]">{line.subject}</p>
                  <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{line.body}</p>
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

function Details({ item }: { item: InboxItem }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Ce qui est arrivé</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          {item.kind === "first_article" ? (
            item.site?.id ? (
              <>
                <DetailField label="Site">
                  {item.site.url && /^https?:\/\//i.test(item.site.url) ? (
                    <a
                      href={item.site.url}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
                    >
                      {item.site.url} <ExternalLink className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">(nouvel onglet)</span>
                    </a>
                  ) : (
                    item.site.url
                  )}
                </DetailField>
                <DetailField label="Langue">{item.site.language ?? "— (la demande n'en donne pas)"}</DetailField>
                <DetailField label="Sujet ou mot-clé">{item.topic ?? "— (à choisir d'après les consignes)"}</DetailField>
                <DetailField label="E-mail de paiement">{item.site.stripeEmail ?? "—"}</DetailField>
                <DetailField label="E-mail de contact">{item.site.email1 ?? "—"}</DetailField>
                <DetailField label="Consignes">{item.site.guidelines ?? "—"}</DetailField>
                <DetailField label="Client">{item.site.ownerEmail ?? "Aucun : le site n'appartient encore à personne."}</DetailField>
                <DetailField label="Suite">
                  <span className="flex flex-wrap gap-x-4 gap-y-1">
                    <Link to={`/team/sites/${item.site.id}`} className="text-primary underline underline-offset-4">
                      {item.site.ownerEmail ? "Le site dans la console" : "Inviter le demandeur ou donner le site"}
                    </Link>
                    <Link to={`/sites/${item.site.id}`} className="text-primary underline underline-offset-4">
                      Ouvrir le site
                    </Link>
                  </span>
                </DetailField>
              </>
            ) : (
              <DetailField label="Site">Le site de cette demande a été supprimé.</DetailField>
            )
          ) : null}
          {item.contact ? (
            <>
              <DetailField label="Nom">{item.contact.name}</DetailField>
              <DetailField label="E-mail">{item.contact.email}</DetailField>
              <DetailField label="Message">{item.contact.message}</DetailField>
            </>
          ) : null}
          {item.review ? (
            <>
              <DetailField label="Décision">{item.review.decision ? REVIEW_DECISIONS[item.review.decision] : "—"}</DetailField>
              <DetailField label="Client">{item.review.clientEmail ?? "Compte supprimé"}</DetailField>
              {item.review.decision === "revision" ? <DetailField label="Commentaires">{item.review.comments ?? "—"}</DetailField> : null}
              <DetailField label="Article">
                {item.review.version.pageId && item.review.version.siteId ? (
                  <span className="flex flex-wrap gap-x-4 gap-y-1">
                    <Link
                      to={`/sites/${item.review.version.siteId}/pages/${item.review.version.pageId}/page-versions`}
                      className="text-primary underline underline-offset-4"
                    >
                      Ouvrir les versions de la page
                    </Link>
                    {item.review.version.publicId ? (
                      <a
                        href={`/view/${item.review.version.publicId}`}
                        target="_blank"
                        rel="noreferrer"
                        className="text-primary underline underline-offset-4"
                      >
                        Voir la version<span className="sr-only"> (nouvel onglet)</span>
                      </a>
                    ) : null}
                  </span>
                ) : item.review.version.publicId ? (
                  <a
                    href={`/view/${item.review.version.publicId}`}
                    target="_blank"
                    rel="noreferrer"
                    className="text-primary underline underline-offset-4"
                  >
                    Voir la version<span className="sr-only"> (nouvel onglet)</span>
                  </a>
                ) : (
                  "Cette version a été supprimée."
                )}
              </DetailField>
            </>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function Handling({ item, members }: { item: InboxItem; members: { id: string; name: string; email: string }[] }) {
  const assigning = useToastFetcher<typeof action>();
  const handling = useToastFetcher<typeof action>();
  const busy = handling.state !== "idle";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Suivi</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <assigning.Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="assign" />
          <Label htmlFor="inbox-assignee">Attribué à</Label>
          <NativeSelect id="inbox-assignee" name="assignee" defaultValue={item.assignee?.id ?? ""} key={item.assignee?.id ?? ""}>
            <option value="">Personne</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name || m.email}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" variant="outline" disabled={assigning.state !== "idle"}>
            {assigning.state !== "idle" ? "Enregistrement..." : "Attribuer"}
          </Button>
        </assigning.Form>
        <handling.Form method="post">
          <input type="hidden" name="intent" value={item.handledAt ? "reopen" : "handle"} />
          <Button type="submit" className="w-full" variant={item.handledAt ? "outline" : "default"} disabled={busy}>
            {busy ? "Enregistrement..." : item.handledAt ? "Rouvrir" : "Marquer comme traité"}
          </Button>
        </handling.Form>
      </CardContent>
    </Card>
  );
}

function ReplyCard({ item, addresses }: { item: InboxItem; addresses: string[] }) {
  // Keyed: the card is made again after a reply is sent, and the new one shows the answer's toast.
  const sending = useToastFetcher<typeof action>(undefined, "inbox-reply");
  const [form, fields] = useSchemaForm(inboxReplySchema, {
    fetcher: sending,
    defaultValue: { to: addresses[0] ?? "", subject: replySubject(item), body: "" },
  });
  if (!addresses.length) {
    return (
      <Card>
        <CardContent className="text-sm text-muted-foreground">Aucune adresse à laquelle répondre pour cet élément.</CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Répondre par e-mail</h2>
        </CardTitle>
        <p className="text-sm text-muted-foreground">Les réponses du destinataire arriveront à l'adresse de l'équipe.</p>
      </CardHeader>
      <CardContent>
        <sending.Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value="send" />
          <div className="grid gap-2">
            <Label htmlFor={fields.to.id}>À</Label>
            <NativeSelect
              id={fields.to.id}
              name="to"
              defaultValue={fields.to.initialValue}
              aria-describedby={fields.to.errors ? fields.to.errorId : undefined}
            >
              {addresses.map((address) => (
                <option key={address} value={address}>
                  {address}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={fields.to.errorId} error={fields.to.errors?.[0]} />
          </div>
          <FormField
            id={fields.subject.id}
            label="Objet"
            name="subject"
            defaultValue={fields.subject.initialValue}
            maxLength={INBOX_REPLY_LIMITS.subject}
            error={fields.subject.errors?.[0]}
          />
          <div className="grid gap-2">
            <Label htmlFor={fields.body.id}>Message</Label>
            <Textarea
              id={fields.body.id}
              name="body"
              rows={8}
              className="min-h-48"
              defaultValue={fields.body.initialValue}
              maxLength={INBOX_REPLY_LIMITS.body}
              aria-invalid={fields.body.errors ? true : undefined}
              aria-describedby={fields.body.errors ? fields.body.errorId : undefined}
            />
            <FieldError id={fields.body.errorId} error={fields.body.errors?.[0]} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={sending.state !== "idle"}>
              {sending.state !== "idle" ? "Envoi..." : "Envoyer"}
            </Button>
          </div>
        </sending.Form>
      </CardContent>
    </Card>
  );
}
