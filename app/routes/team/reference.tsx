import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import type { Route } from "./+types/reference";
import { FieldError, FormField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { BRAND_NAME } from "~/lib/constants";
import { formId } from "~/lib/form-id";
import { LLM_SEARCH_MODES, llmSchema, sharedToneSchema } from "~/lib/schemas/team";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import {
  teamAddLlm,
  teamAddSharedTone,
  teamListLlms,
  teamListSharedTones,
  TeamReferenceError,
  teamUpdateLlm,
  teamUpdateSharedTone,
  type SharedToneGroup,
  type TeamLlm,
} from "~/models/team-reference.server";
import { requireTeamMember, type TeamMember } from "~/services/auth.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";

export const meta: Route.MetaFunction = () => [{ title: `Données de référence – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const [models, tones] = await Promise.all([teamListLlms(member), teamListSharedTones(member)]);
  return { models, tones };
}

type Ctx = { request: Request; form: FormData; member: TeamMember };

/** A line's form without an id it could carry (only a changed page posts that): said under the intent's title. */
const unrecognized = (title: string, what: string) =>
  reply({ ok: false, toast: errorToast(`${what} n'est pas reconnu : rechargez la page, puis réessayez.`, title) });

async function addLlm({ form, member }: Ctx) {
  const submission = parseSubmission(form, llmSchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission, { title: "LLM non ajouté" }) });
  const row = await teamAddLlm(member, submission.value);
  return reply({ ok: true, toast: successToast("LLM ajouté", `${row.name} (${row.model})`) });
}

async function updateLlm({ form, member }: Ctx) {
  const id = formId(form, "id");
  if (id === null) return unrecognized("LLM non modifié", "Ce LLM");
  const submission = parseSubmission(form, llmSchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission, { title: "LLM non modifié" }) });
  const row = await teamUpdateLlm(member, id, submission.value);
  return reply({
    ok: true,
    toast: successToast(
      "LLM enregistré",
      `${row.name} est ${row.active ? "interrogé" : "en pause"}, ${row.webSearch ? "avec la recherche web" : "sur sa mémoire"}.`,
    ),
  });
}

async function addTone({ form, member }: Ctx) {
  // No parent field: a new shared group; a parent that is no id must not make one either.
  const parent = form.has("parent") ? formId(form, "parent") : null;
  if (form.has("parent") && parent === null) return unrecognized("Non ajouté", "Ce groupe");
  const submission = parseSubmission(form, sharedToneSchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission, { title: "Non ajouté" }) });
  await teamAddSharedTone(member, submission.value, parent);
  return reply({ ok: true, toast: successToast(parent ? "Article ajouté au groupe" : "Groupe partagé ajouté", submission.value.name) });
}

async function updateTone({ form, member }: Ctx) {
  const id = formId(form, "id");
  if (id === null) return unrecognized("Non enregistré", "Ce ton");
  const submission = parseSubmission(form, sharedToneSchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission, { title: "Non enregistré" }) });
  await teamUpdateSharedTone(member, id, submission.value);
  return reply({ ok: true, toast: successToast("Enregistré", submission.value.name) });
}

const INTENTS = { "add-llm": addLlm, "update-llm": updateLlm, "add-tone": addTone, "update-tone": updateTone };

export async function action({ request }: Route.ActionArgs) {
  const member = await requireTeamMember(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Action inconnue.", "Erreur") });
  return runIntent(
    INTENTS,
    intent,
    { request, form, member, user: member },
    {
      expected: [TeamReferenceError],
      failed: (error) =>
        reply({
          ok: false,
          toast: errorToast(error instanceof TeamReferenceError ? error.message : "Rien n'a été modifié ; réessayez.", "Erreur"),
        }),
    },
  );
}

export default function TeamReference({ loaderData: { models, tones } }: Route.ComponentProps) {
  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-semibold">Données de référence</h1>
        <p className="text-muted-foreground">
          Les LLM interrogés pour les réponses des LLM, et les tons partagés que tous les clients voient (en lecture seule). Un LLM répond
          avec la recherche web d'OpenRouter (il cherche avant de répondre, et coûte plus cher par réponse) ou de mémoire.
        </p>
      </div>

      <section aria-labelledby="llms-title" className="grid gap-3">
        <h2 id="llms-title" className="text-lg font-semibold">
          LLM interrogés
        </h2>
        <ul className="grid gap-3">
          {models.map((llm) => (
            <li key={llm.id}>
              <LlmCard llm={llm} />
            </li>
          ))}
        </ul>
        <LlmCard llm={null} />
      </section>

      <section aria-labelledby="tones-title" className="grid gap-3">
        <h2 id="tones-title" className="text-lg font-semibold">
          Tons partagés
        </h2>
        {tones.length ? (
          <ul className="grid gap-4">
            {tones.map((group) => (
              <li key={group.id}>
                <ToneGroupCard group={group} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Aucun ton partagé.</p>
        )}
        <Card className="gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle className="text-base">Ajouter un groupe partagé</CardTitle>
            <CardDescription>Les clients le verront dans leur liste de tons, et pourront le choisir pour leurs sites.</CardDescription>
          </CardHeader>
          <CardContent className="px-4">
            <ToneForm id={null} parent={null} name="" content={null} submit="Ajouter le groupe" legend="Nouveau groupe partagé" compact />
          </CardContent>
        </Card>
      </section>
    </div>
  );
}

/** An LLM's form: to change one, or (llm null) to add one. */
function LlmCard({ llm }: { llm: TeamLlm | null }) {
  const fetcher = useToastFetcher<typeof action>(undefined, `llm-${llm?.id ?? "new"}`);
  const [form, fields] = useSchemaForm(llmSchema, {
    fetcher,
    defaultValue: {
      name: llm?.name ?? "",
      model: llm?.model ?? "",
      fallback: llm?.fallback ?? "",
      active: llm ? (llm.active ? "on" : "") : "on",
      webSearch: llm?.webSearch ? "web" : "memory",
    },
  });
  const prefix = `llm-${llm?.id ?? "new"}`;
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          {llm ? llm.name : "Ajouter un LLM"}
          {llm ? <Badge variant={llm.active ? "default" : "outline"}>{llm.active ? "Interrogé" : "En pause"}</Badge> : null}
          {llm ? <Badge variant="secondary">{LLM_SEARCH_MODES[llm.webSearch ? "web" : "memory"]}</Badge> : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3 md:grid-cols-[1fr_1.3fr_1.3fr] md:items-end">
          <input type="hidden" name="intent" value={llm ? "update-llm" : "add-llm"} />
          {llm ? <input type="hidden" name="id" value={llm.id} /> : null}
          <FormField
            id={`${prefix}-name`}
            label="Nom"
            name="name"
            defaultValue={fields.name.initialValue}
            error={fields.name.errors?.[0]}
          />
          <FormField
            id={`${prefix}-model`}
            label="Modèle OpenRouter"
            name="model"
            placeholder="openai/gpt-4o-mini"
            defaultValue={fields.model.initialValue}
            error={fields.model.errors?.[0]}
          />
          <FormField
            id={`${prefix}-fallback`}
            label="Modèle de secours (si 429)"
            name="fallback"
            defaultValue={fields.fallback.initialValue}
            error={fields.fallback.errors?.[0]}
          />
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3 md:col-span-3">
            <fieldset className="flex flex-wrap items-center gap-x-4 text-sm">
              <legend className="float-left mr-1 font-medium">Réponses</legend>
              {(["web", "memory"] as const).map((mode) => (
                <label key={mode} className="flex h-9 items-center gap-2">
                  <input
                    type="radio"
                    name="webSearch"
                    value={mode}
                    defaultChecked={fields.webSearch.initialValue === mode}
                    className="size-4 accent-primary"
                  />
                  {LLM_SEARCH_MODES[mode]}
                </label>
              ))}
            </fieldset>
            <label className="flex h-9 items-center gap-2 text-sm">
              <input type="checkbox" name="active" defaultChecked={fields.active.initialValue === "on"} className="size-4 accent-primary" />
              Interrogé
            </label>
            <Button type="submit" variant={llm ? "outline" : "default"} className="ml-auto" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Enregistrement..." : llm ? "Enregistrer" : "Ajouter"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function ToneGroupCard({ group }: { group: SharedToneGroup }) {
  const [adding, setAdding] = useState(false);
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{group.name}</CardTitle>
        <CardDescription>
          {group.articles.length} article{group.articles.length > 1 ? "s" : ""} · utilisé par {group.sitesCount} site
          {group.sitesCount > 1 ? "s" : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 px-4">
        <ToneForm
          id={group.id}
          parent={null}
          name={group.name}
          content={null}
          submit="Renommer"
          legend={`Nom du groupe ${group.name}`}
          compact
        />
        {group.articles.map((article) => (
          <details key={article.id} className="rounded-md border px-3 py-2">
            <summary className="cursor-pointer text-sm font-medium">{article.name}</summary>
            <div className="pt-3">
              <ToneForm
                id={article.id}
                parent={group.id}
                name={article.name}
                content={article.content}
                submit="Enregistrer"
                legend={article.name}
              />
            </div>
          </details>
        ))}
        {adding ? (
          <ToneForm id={null} parent={group.id} name="" content="" submit="Ajouter l'article" legend={`Nouvel article de ${group.name}`} />
        ) : (
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setAdding(true)}>
            Ajouter un article à ce groupe
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** A shared group's name, or a shared article's name and text: to change (id) or to add (id null; parent for an article). */
function ToneForm(props: {
  id: number | null;
  parent: number | null;
  name: string;
  content: string | null;
  submit: string;
  legend: string;
  compact?: boolean;
}) {
  const key = `tone-${props.id ?? `new-${props.parent ?? "group"}`}`;
  const fetcher = useToastFetcher<typeof action>(undefined, key);
  const [form, fields] = useSchemaForm(sharedToneSchema, { fetcher, defaultValue: { name: props.name, content: props.content ?? "" } });
  const isArticle = props.parent !== null;
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-label={props.legend}
      className={props.compact ? "grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" : "grid gap-3"}
    >
      <input type="hidden" name="intent" value={props.id ? "update-tone" : "add-tone"} />
      {props.id ? <input type="hidden" name="id" value={props.id} /> : null}
      {props.parent && !props.id ? <input type="hidden" name="parent" value={props.parent} /> : null}
      <FormField
        id={`${key}-name`}
        label={isArticle ? "Titre de l'article" : "Nom du groupe"}
        name="name"
        defaultValue={fields.name.initialValue}
        error={fields.name.errors?.[0]}
      />
      {isArticle ? (
        <div className="grid gap-2">
          <Label htmlFor={`${key}-content`}>Texte (exemple du ton)</Label>
          <Textarea
            id={`${key}-content`}
            name="content"
            rows={6}
            className="min-h-32"
            defaultValue={fields.content.initialValue}
            aria-invalid={fields.content.errors ? true : undefined}
            aria-describedby={fields.content.errors ? `${key}-content-error` : undefined}
          />
          <FieldError id={`${key}-content-error`} error={fields.content.errors?.[0]} />
        </div>
      ) : null}
      <Button type="submit" variant={props.id ? "outline" : "default"} className="w-fit" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Enregistrement..." : props.submit}
      </Button>
    </fetcher.Form>
  );
}
