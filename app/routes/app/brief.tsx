/**
 * A site's brief (issue 16): who reads the site, what it offers, its tone, what to cover and avoid, its
 * competitors and its words. One screen, a few minutes to fill; every article of the site is written from it.
 */
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/brief";
import { PageHeader } from "~/components/page-header";
import { NativeSelect } from "~/components/native-select";
import { RouteErrorBoundary } from "~/components/route-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { BRAND_NAME } from "~/lib/constants";
import { formatDateTime } from "~/lib/format";
import { NotFoundError, parseId } from "~/lib/not-found";
import { BRIEF_TEXT_MAX, briefSchema, TONE_SAMPLES_MAX, type BriefInput } from "~/lib/schemas/brief";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { requireActor, requireOwnedSite } from "~/models/access.server";
import { getSiteBrief, saveSiteBrief } from "~/models/brief.server";
import { InvalidReferenceError } from "~/models/site.server";
import type { SessionUser } from "~/services/auth.server";
import { intentOf, reply, runIntent } from "~/services/route-action.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Brief – ${loaderData?.site.name ?? "Site"} – ${BRAND_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const site = await requireOwnedSite(user, params.siteId, request);
  const { brief, toneGroups } = await getSiteBrief(user, site.id);
  return { site, brief: { ...brief, updatedAt: brief.updatedAt?.toISOString() ?? null }, toneGroups };
}

type Ctx = { request: Request; user: SessionUser; form: FormData; siteId: string | undefined };

const INTENTS = {
  save: async ({ user, form, siteId }: Ctx) => {
    const submission = parseSubmission(form, briefSchema);
    if (submission.status !== "success") {
      // Each field's first message, shown under it; the first of all in the toast.
      const errors: Partial<Record<keyof BriefInput, string>> = {};
      for (const [field, messages] of Object.entries(submission.error ?? {})) {
        if (messages?.[0]) errors[field as keyof BriefInput] ??= messages[0];
      }
      const first = Object.values(errors)[0] ?? "Vérifiez le brief, puis réessayez.";
      return reply({ ok: false, intent: "save", errors, toast: errorToast(first, "Brief non enregistré") });
    }
    await saveSiteBrief(user, parseId(siteId, "site"), submission.value);
    return reply({ ok: true, intent: "save", toast: successToast("Brief enregistré", "Les prochains articles en tiendront compte.") });
  },
};

function failed(error: unknown) {
  if (error instanceof InvalidReferenceError)
    return reply({
      ok: false,
      intent: "save",
      errors: { toneGroup: error.message },
      toast: errorToast(error.message, "Brief non enregistré"),
    });
  if (error instanceof NotFoundError)
    return reply(
      { ok: false, intent: "save", toast: errorToast("Ce site n'existe pas ou ne vous appartient pas.", "Brief non enregistré") },
      404,
    );
  return reply({ ok: false, intent: "save", toast: errorToast("L'enregistrement a échoué, réessayez.", "Brief non enregistré") }, 500);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast("Action inconnue.", "Erreur") });
  return runIntent(INTENTS, intent, { request, user, form, siteId: params.siteId }, { failed, expected: [InvalidReferenceError] });
}

type Field = { name: Exclude<keyof BriefInput, "toneGroup" | "outlineStep">; label: string; hint: string; rows: number; max: number };

const ABOUT: Field[] = [
  { name: "audience", label: "Lecteurs", hint: "Qui lit le site : métier, niveau, ce qu'ils cherchent.", rows: 3, max: BRIEF_TEXT_MAX },
  { name: "offer", label: "Offre", hint: "Ce que le site vend ou propose, et ce qui le distingue.", rows: 3, max: BRIEF_TEXT_MAX },
];
const CONTENT: Field[] = [
  {
    name: "topicsToCover",
    label: "Sujets à traiter",
    hint: "Les sujets sur lesquels le site veut être lu et cité.",
    rows: 3,
    max: BRIEF_TEXT_MAX,
  },
  { name: "topicsToAvoid", label: "Sujets à éviter", hint: "Ce dont les articles ne doivent jamais parler.", rows: 2, max: BRIEF_TEXT_MAX },
  {
    name: "competitors",
    label: "Concurrents",
    hint: "Leurs noms ou leurs sites : jamais cités ni recommandés.",
    rows: 2,
    max: BRIEF_TEXT_MAX,
  },
  {
    name: "wordsToUse",
    label: "Mots à employer",
    hint: "Le vocabulaire de la maison : noms de produits, expressions.",
    rows: 2,
    max: BRIEF_TEXT_MAX,
  },
];

const OUTLINE_CHOICES = [
  {
    value: "outline",
    label: "Valider un plan avant chaque article",
    hint: "Vous relisez et ajustez le plan ; l'article est écrit une fois le plan validé.",
  },
  { value: "direct", label: "Écrire l'article directement", hint: "Plus rapide : l'article arrive sans étape de plan." },
] as const;

/** Who approves the plan (issue 38): a trial started before the client had an account says the team. */
const APPROVER_CHOICES = [
  { value: "client", label: "Vous", hint: "Vous êtes prévenu quand le plan est prêt ; l'article attend votre validation." },
  { value: "team", label: "L'équipe, pour vous", hint: "L'équipe valide le plan ; vous recevez directement l'article à relire." },
] as const;

export default function Brief({ loaderData: { site, brief, toneGroups } }: Route.ComponentProps) {
  const fetcher = useToastFetcher<typeof action>();
  const errors = fetcher.data && "errors" in fetcher.data ? (fetcher.data.errors as Partial<Record<keyof BriefInput, string>>) : {};
  const saving = fetcher.state !== "idle";
  const text = (field: Field) => {
    const id = `brief-${field.name}`;
    const error = errors[field.name];
    return (
      <div key={field.name} className="grid gap-2">
        <Label htmlFor={id}>{field.label}</Label>
        <Textarea
          id={id}
          name={field.name}
          rows={field.rows}
          maxLength={field.max}
          defaultValue={brief[field.name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {field.hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="mx-auto max-w-3xl">
      <Link to={`/sites/${site.id}`} className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> {site.name}
      </Link>
      <PageHeader
        title="Brief du site"
        description={`Quelques minutes pour dire à qui ${site.name} s'adresse et comment : chaque article du site est écrit à partir de ce brief.`}
      />
      <fetcher.Form method="post" className="grid gap-6">
        <input type="hidden" name="intent" value="save" />
        <Card>
          <CardHeader>
            <CardTitle>Le site</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">{ABOUT.map(text)}</CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Le ton</CardTitle>
            <CardDescription>
              Choisissez un groupe de ton, ou collez des textes du site dont reprendre la voix (ou les deux).
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor="brief-toneGroup">Groupe de ton</Label>
              <NativeSelect
                id="brief-toneGroup"
                name="toneGroup"
                defaultValue={brief.toneGroup === null ? "none" : String(brief.toneGroup)}
                aria-invalid={errors.toneGroup ? true : undefined}
              >
                <option value="none">Aucun</option>
                {toneGroups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </NativeSelect>
              {errors.toneGroup ? <p className="text-sm text-destructive">{errors.toneGroup}</p> : null}
            </div>
            {text({
              name: "toneSamples",
              label: "Textes d'exemple",
              hint: "Un ou deux textes du site, tels quels.",
              rows: 6,
              max: TONE_SAMPLES_MAX,
            })}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Le contenu</CardTitle>
            {brief.guidelines ? <CardDescription>Consignes déjà données : {brief.guidelines}</CardDescription> : null}
          </CardHeader>
          <CardContent className="grid gap-5">{CONTENT.map(text)}</CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Le plan</CardTitle>
            <CardDescription>
              Avant chaque article, un plan (titre, angle, intertitres, mots-clés, sources) peut vous être soumis.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <fieldset className="grid gap-3">
              <legend className="sr-only">Le plan avant chaque article</legend>
              {OUTLINE_CHOICES.map((choice) => (
                <div key={choice.value} className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary">
                  <input
                    id={`brief-outlineStep-${choice.value}`}
                    type="radio"
                    name="outlineStep"
                    value={choice.value}
                    defaultChecked={brief.outlineStep === (choice.value === "outline")}
                    aria-describedby={`brief-outlineStep-${choice.value}-hint`}
                    className="mt-1 accent-primary"
                  />
                  <div className="grid gap-0.5">
                    <Label htmlFor={`brief-outlineStep-${choice.value}`} className="cursor-pointer">
                      {choice.label}
                    </Label>
                    <p id={`brief-outlineStep-${choice.value}-hint`} className="text-xs text-muted-foreground">
                      {choice.hint}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
            <fieldset className="mt-5 grid gap-3">
              <legend className="mb-3 text-sm font-medium">Qui valide le plan ?</legend>
              {APPROVER_CHOICES.map((choice) => (
                <div key={choice.value} className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary">
                  <input
                    id={`brief-outlineApprover-${choice.value}`}
                    type="radio"
                    name="outlineApprover"
                    value={choice.value}
                    defaultChecked={brief.outlineApprover === choice.value}
                    aria-describedby={`brief-outlineApprover-${choice.value}-hint`}
                    className="mt-1 accent-primary"
                  />
                  <div className="grid gap-0.5">
                    <Label htmlFor={`brief-outlineApprover-${choice.value}`} className="cursor-pointer">
                      {choice.label}
                    </Label>
                    <p id={`brief-outlineApprover-${choice.value}-hint`} className="text-xs text-muted-foreground">
                      {choice.hint}
                    </p>
                  </div>
                </div>
              ))}
            </fieldset>
          </CardContent>
        </Card>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Enregistrement..." : "Enregistrer le brief"}
          </Button>
          {brief.updatedAt ? <p className="text-sm text-muted-foreground">Enregistré le {formatDateTime(brief.updatedAt)}</p> : null}
        </div>
      </fetcher.Form>
    </div>
  );
}
