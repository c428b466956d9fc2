import { getFormProps } from "@conform-to/react";
import { data, Link } from "react-router";
import { BackLink, DetailField } from "~/components/detail-list";
import type { Route } from "./+types/site";
import { FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { BRAND_NAME } from "~/lib/constants";
import { idOr404 } from "~/lib/not-found";
import { refuseSourcesSchema, revisionsWaitSchema, samplesSchema, siteRecipientSchema } from "~/lib/schemas/team";
import { parseSubmission } from "~/lib/schemas/submission";
import { formatUsd } from "~/lib/format";
import { teamDateTime } from "~/lib/team-format";
import { MAX_INCLUDED_ROUNDS } from "~/lib/version-rules";
import { errorToast, successToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import {
  teamGetSite,
  teamGiveSite,
  teamInviteToSite,
  TeamSiteError,
  teamSetChecksCap,
  teamSetIncludedRevisionRounds,
  teamSetRefuseUncheckedSources,
  teamSetRevisionsWaitForTeam,
  type TeamSiteInvitation,
} from "~/models/team-sites.server";
import { asTeam } from "~/models/access.server";
import { PromptsError, teamSetSamples } from "~/models/prompts.server";
import { teamChecksCostEstimate } from "~/models/team-visibility.server";
import { getCheckSchedule, type CheckSchedule } from "~/models/results.server";
import { MAX_CHECKS_CAP_USD } from "~/lib/results-rules";
import { requireTeamMember, type TeamMember } from "~/services/auth.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";
import { ChecksEstimate, SampleSize } from "./site/checks-estimate";

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded?.site.name ?? "Site"} – Console – ${BRAND_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const found = await teamGetSite(member, idOr404(params.siteId));
  if (!found) throw data(null, { status: 404 });
  // Its automatic checks (issue 17): the cap the team sets, and this month's spending; what they cost a month (issue 42).
  const [checks, estimate] = await Promise.all([
    getCheckSchedule(asTeam(member), found.site.id),
    teamChecksCostEstimate(member, found.site.id),
  ]);
  return { ...found, checks, estimate };
}

type Ctx = { request: Request; form: FormData; member: TeamMember; siteId: number };

async function give({ form, member, siteId }: Ctx) {
  const submission = parseSubmission(form, siteRecipientSchema);
  if (submission.status !== "success") return reply({ ok: false, intent: "give", ...invalidForm(submission, { title: "Site non donné" }) });
  const { clientEmail } = await teamGiveSite(member, siteId, submission.value.email);
  return reply({ ok: true, intent: "give", toast: successToast("Site donné", `Il est maintenant dans le compte de ${clientEmail}.`) });
}

async function invite({ form, member, siteId }: Ctx) {
  const submission = parseSubmission(form, siteRecipientSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "invite", ...invalidForm(submission, { title: "Invitation non envoyée" }) });
  const { expiresAt } = await teamInviteToSite(member, siteId, submission.value.email);
  return reply({
    ok: true,
    intent: "invite",
    toast: successToast("Invitation envoyée", `À ${submission.value.email}, valable jusqu'au ${teamDateTime(expiresAt)}.`),
  });
}

/** The revision rounds the site's offer includes (issue 16). */
async function rounds({ form, member, siteId }: Ctx) {
  const value = String(form.get("rounds") ?? "").trim();
  await teamSetIncludedRevisionRounds(member, siteId, value === "" ? Number.NaN : Number(value));
  return reply({ ok: true, intent: "rounds", toast: successToast("Offre enregistrée", `${value} révision(s) incluse(s).`) });
}

/** The monthly spending cap of the site's automatic checks (issue 17), in US dollars. */
async function cap({ form, member, siteId }: Ctx) {
  const value = String(form.get("capUsd") ?? "")
    .trim()
    .replace(",", ".");
  await teamSetChecksCap(member, siteId, value === "" ? Number.NaN : Number(value));
  return reply({ ok: true, intent: "cap", toast: successToast("Plafond enregistré", `${formatUsd(Number(value))} par mois.`) });
}

/** How many times each prompt is asked of each LLM per period (issue 42). */
async function samples({ form, member, siteId }: Ctx) {
  const submission = parseSubmission(form, samplesSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "samples", ...invalidForm(submission, { title: "Nombre de réponses non enregistré" }) });
  await teamSetSamples(member, siteId, submission.value.samples);
  const n = submission.value.samples;
  return reply({
    ok: true,
    intent: "samples",
    toast: successToast("Nombre de réponses enregistré", `Chaque question sera posée ${n} fois à chaque LLM, à chaque vérification.`),
  });
}

/** Whether the site's revisions wait for the team to confirm them (issue 38). */
async function revisionsWait({ form, member, siteId }: Ctx) {
  const submission = parseSubmission(form, revisionsWaitSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "revisions-wait", ...invalidForm(submission, { title: "Réglage non enregistré" }) });
  await teamSetRevisionsWaitForTeam(member, siteId, submission.value.wait);
  return reply({
    ok: true,
    intent: "revisions-wait",
    toast: successToast(
      "Réglage enregistré",
      submission.value.wait ? "Les révisions attendront votre confirmation." : "Les révisions se lanceront dès la demande du client.",
    ),
  });
}

/** Whether publishing a version with broken or unsupported sources is refused outright (issue 40). */
async function refuseSources({ form, member, siteId }: Ctx) {
  const submission = parseSubmission(form, refuseSourcesSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "refuse-sources", ...invalidForm(submission, { title: "Réglage non enregistré" }) });
  await teamSetRefuseUncheckedSources(member, siteId, submission.value.refuse);
  return reply({
    ok: true,
    intent: "refuse-sources",
    toast: successToast(
      "Réglage enregistré",
      submission.value.refuse
        ? "Une version aux sources à corriger ne sera pas publiée."
        : "Publier une version aux sources à corriger demandera confirmation.",
    ),
  });
}

const INTENTS = { give, invite, rounds, cap, samples, "revisions-wait": revisionsWait, "refuse-sources": refuseSources };

const FAILURE_TITLES = {
  give: "Site non donné",
  invite: "Invitation non envoyée",
  rounds: "Offre non enregistrée",
  "revisions-wait": "Réglage non enregistré",
  "refuse-sources": "Réglage non enregistré",
  cap: "Plafond non enregistré",
  samples: "Nombre de réponses non enregistré",
} as const;

export async function action({ request, params }: Route.ActionArgs) {
  const member = await requireTeamMember(request);
  const siteId = idOr404(params.siteId);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast("Action inconnue.", "Erreur") });
  return runIntent(
    INTENTS,
    intent,
    { request, form, member, siteId, user: member },
    {
      expected: [TeamSiteError, PromptsError],
      failed: (error, failedIntent) =>
        reply({
          ok: false,
          intent: failedIntent,
          toast: errorToast(
            error instanceof TeamSiteError || error instanceof PromptsError
              ? error.message
              : "L'action n'a pas pu être faite. Rien n'a été modifié ; réessayez.",
            FAILURE_TITLES[failedIntent],
          ),
        }),
    },
  );
}

const INVITATION_STATES: Record<TeamSiteInvitation["state"], { label: string; tone: "default" | "secondary" | "outline" | "destructive" }> =
  {
    open: { label: "En attente", tone: "secondary" },
    accepted: { label: "Compte créé, adresse à confirmer", tone: "secondary" },
    claimed: { label: "Acceptée", tone: "default" },
    revoked: { label: "Remplacée", tone: "outline" },
    expired: { label: "Expirée", tone: "outline" },
  };

export default function TeamSite({ loaderData: { site, invitations, inboxItemId, trialDraft, checks, estimate } }: Route.ComponentProps) {
  // Held here, not by the cards: giving the site takes the cards away with its answer, whose toast must still show.
  const giving = useToastFetcher<typeof action>(undefined, "site-give");
  const inviting = useToastFetcher<typeof action>(undefined, "site-invite");
  return (
    <div className="grid max-w-4xl grid-cols-1 gap-6">
      <BackLink to="/team/sites">Sites des clients</BackLink>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{site.name}</h1>
          <p className="text-muted-foreground [overflow-wrap:anywhere]">{site.url}</p>
        </div>
        <Button asChild>
          <Link to={`/sites/${site.id}`}>Ouvrir le site</Link>
        </Button>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>Le site</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            <DetailField label="Client">
              {site.owner ? `${site.owner.name} (${site.owner.email})` : <Badge variant="outline">Sans client</Badge>}
            </DetailField>
            <DetailField label="Créé le">{teamDateTime(site.createdAt)}</DetailField>
            <DetailField label="Pages">{site.pagesCount}</DetailField>
            <DetailField label="Révisions incluses">
              <IncludedRounds rounds={site.includedRevisionRounds} />
            </DetailField>
            <DetailField label="Révisions demandées">
              <SiteSwitch
                intent="revisions-wait"
                name="wait"
                checked={site.revisionsWaitForTeam}
                label="Attendent la confirmation de l'équipe"
                hint="Décoché : la révision s'écrit dès la demande du client, avec ses commentaires pour consignes."
              />
            </DetailField>
            <DetailField label="Sources à corriger">
              <SiteSwitch
                intent="refuse-sources"
                name="refuse"
                checked={site.refuseUncheckedSources}
                label="Refuser la publication"
                hint="Décoché : publier une version dont une source est cassée ou ne dit pas ce que l'article lui prête demande confirmation, en les nommant."
              />
            </DetailField>
            <DetailField label="Vérifications automatiques">
              <div className="grid gap-4">
                <ChecksCap checks={checks} />
                <SampleSize samples={estimate.samples} />
                <ChecksEstimate estimate={estimate} />
                <Link to={`/team/sites/${site.id}/prompts`} className="w-fit text-sm text-primary underline underline-offset-4">
                  Questions aux assistants
                </Link>
              </div>
            </DetailField>
            {site.stripeEmail || site.email1 ? (
              <>
                <DetailField label="E-mail de paiement">{site.stripeEmail ?? "—"}</DetailField>
                <DetailField label="E-mail de contact">{site.email1 ?? "—"}</DetailField>
                <DetailField label="Consignes">{site.guidelines ?? "—"}</DetailField>
              </>
            ) : null}
            {inboxItemId ? (
              <DetailField label="Demande">
                <span className="flex flex-wrap gap-x-4 gap-y-1">
                  <Link to={`/team/inbox/${inboxItemId}`} className="text-primary underline underline-offset-4">
                    Voir la demande de premier article
                  </Link>
                  {trialDraft ? (
                    <Link
                      to={`/sites/${site.id}/pages/${trialDraft.pageId}/page-versions`}
                      className="text-primary underline underline-offset-4"
                    >
                      Son brouillon d'essai, livré le {teamDateTime(trialDraft.at)}
                    </Link>
                  ) : null}
                </span>
              </DetailField>
            ) : null}
          </dl>
        </CardContent>
      </Card>

      {site.owner ? null : (
        <div className="grid gap-6 md:grid-cols-2">
          <RecipientCard
            fetcher={inviting}
            intent="invite"
            title="Inviter le demandeur"
            description="Un e-mail avec un lien à usage unique, valable 7 jours, vers une inscription avec l'adresse déjà remplie. Le site sera dans son compte dès l'adresse confirmée."
            defaultEmail={site.email1 ?? site.stripeEmail ?? ""}
            submit="Envoyer l'invitation"
            pending="Envoi..."
          />
          <RecipientCard
            fetcher={giving}
            intent="give"
            title="Donner à un client existant"
            description="Le site passe tout de suite dans le compte du client (adresse confirmée), qui reçoit un e-mail."
            defaultEmail=""
            submit="Donner le site"
            pending="Enregistrement..."
          />
        </div>
      )}

      {invitations.length ? (
        <section aria-labelledby="invitations-title" className="grid gap-3">
          <h2 id="invitations-title" className="text-lg font-semibold">
            Invitations
          </h2>
          <ul className="grid gap-2">
            {invitations.map((invitation) => {
              const state = INVITATION_STATES[invitation.state];
              return (
                <li key={invitation.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-4 py-3 text-sm">
                  <span className="font-medium [overflow-wrap:anywhere]">{invitation.email}</span>
                  <Badge variant={state.tone}>{state.label}</Badge>
                  <span className="text-muted-foreground">
                    Envoyée le {teamDateTime(invitation.createdAt)}
                    {invitation.createdByEmail ? ` par ${invitation.createdByEmail}` : ""}
                    {invitation.state === "open" || invitation.state === "accepted"
                      ? ` · valable jusqu'au ${teamDateTime(invitation.expiresAt)}`
                      : ""}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function RecipientCard(props: {
  fetcher: ReturnType<typeof useToastFetcher<typeof action>>;
  intent: "give" | "invite";
  title: string;
  description: string;
  defaultEmail: string;
  submit: string;
  pending: string;
}) {
  const { fetcher } = props;
  const [form, fields] = useSchemaForm(siteRecipientSchema, { fetcher, defaultValue: { email: props.defaultEmail } });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{props.title}</h2>
        </CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value={props.intent} />
          <FormField
            id={fields.email.id}
            label="Adresse e-mail"
            name="email"
            type="email"
            autoComplete="off"
            defaultValue={fields.email.initialValue}
            error={fields.email.errors?.[0]}
          />
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? props.pending : props.submit}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

const FREQUENCY_LABELS = { off: "désactivées", weekly: "chaque semaine", monthly: "chaque mois" } as const;

/** The site's automatic checks: how often (the client's choice), this month's spending, and the cap the team sets. */
function ChecksCap({ checks }: { checks: CheckSchedule }) {
  const fetcher = useToastFetcher<typeof action>(undefined, "site-cap");
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        {`${FREQUENCY_LABELS[checks.frequency][0]!.toUpperCase()}${FREQUENCY_LABELS[checks.frequency].slice(1)}`} · ce mois-ci{" "}
        {formatUsd(checks.spentUsd ?? 0)} sur {formatUsd(checks.capUsd ?? 0)}
        {checks.lastPeriod?.status === "capped" ? (
          <Badge variant="destructive" className="ml-2">
            Plafond atteint
          </Badge>
        ) : null}
      </p>
      <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="cap" />
        <label htmlFor="checks-cap" className="text-sm text-muted-foreground">
          Plafond mensuel ($)
        </label>
        <input
          id="checks-cap"
          name="capUsd"
          type="number"
          min={0}
          max={MAX_CHECKS_CAP_USD}
          step="0.01"
          required
          defaultValue={checks.capUsd ?? 0}
          className="h-8 w-24 rounded-md border border-input bg-transparent px-2 text-sm"
        />
        <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
          Enregistrer
        </Button>
      </fetcher.Form>
    </div>
  );
}

/** One of the site's switches the team owns (its own form, saved by its button). */
function SiteSwitch({
  intent,
  name,
  checked,
  label,
  hint,
}: {
  intent: string;
  name: string;
  checked: boolean;
  label: string;
  hint: string;
}) {
  const fetcher = useToastFetcher<typeof action>(undefined, `site-${intent}`);
  const id = `site-${intent}`;
  return (
    <fetcher.Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value={intent} />
      <div className="flex items-start gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={checked}
          key={String(checked)}
          className="mt-0.5 size-4 accent-primary"
          aria-describedby={`${id}-hint`}
        />
        <div className="grid gap-0.5">
          <label htmlFor={id}>{label}</label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        </div>
      </div>
      <Button type="submit" size="sm" variant="outline" className="w-fit" disabled={fetcher.state !== "idle"}>
        Enregistrer
      </Button>
    </fetcher.Form>
  );
}

/** The revision rounds the site's offer includes: more are allowed, and the client's screens tell the team. */
function IncludedRounds({ rounds }: { rounds: number }) {
  const fetcher = useToastFetcher<typeof action>(undefined, "site-rounds");
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="rounds" />
      <label htmlFor="included-rounds" className="sr-only">
        Révisions incluses dans l'offre
      </label>
      <input
        id="included-rounds"
        name="rounds"
        type="number"
        min={0}
        max={MAX_INCLUDED_ROUNDS}
        required
        defaultValue={rounds}
        className="h-8 w-20 rounded-md border border-input bg-transparent px-2 text-sm"
      />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        Enregistrer
      </Button>
    </fetcher.Form>
  );
}
