/**
 * A first-article request's trial article on the request's screen (issue 38): before it starts, the topic (the
 * visitor's, or the team's), who approves the outline and, when the request gave none, the site's language, with
 * « Lancer l'article d'essai »; once started, the page and where each step stands (lib/team-inbox.ts, trialSteps),
 * each with its link among the site's screens (opened as the team, decision 026), read again while work runs.
 */
import { getFormProps } from "@conform-to/react";
import { Check, CircleAlert, CircleDashed, Hand, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { action } from "../inbox-item";
import { FieldError, FormField } from "~/components/form-field";
import { NativeSelect } from "~/components/native-select";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { normalizePageUrl, slugOfText } from "~/lib/page-rules";
import { TOPIC_MAX } from "~/lib/schemas/public-form-fields";
import { trialStartSchema } from "~/lib/schemas/team";
import type { LanguageChoice } from "~/lib/site-language";
import { teamDateTime } from "~/lib/team-format";
import { trialSteps, type TrialProgress, type TrialStepTone } from "~/lib/team-inbox";
import { usePollWhile } from "~/lib/use-poll";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { cn } from "~/lib/utils";

type RequestSite = { id: number | null; url: string | null; ownerEmail: string | null; language: string | null; guidelines: string | null };

export function TrialCard({
  site,
  topic,
  trial,
  languages,
}: {
  site: RequestSite;
  topic: string | null;
  trial: TrialProgress | null;
  /** The languages to choose from when the request gave none (empty otherwise). */
  languages: LanguageChoice[];
}) {
  // Held here, not by the form: a start replaces the form with the progress, and its answer's toast must still show.
  const starting = useToastFetcher<typeof action>(undefined, "trial-start");
  return (
    <Card aria-labelledby="trial-title">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2 id="trial-title">Article d'essai</h2>
        </CardTitle>
        {trial ? null : (
          <CardDescription>
            Un clic crée la page de l'article, cherche les résultats de Google pour son mot-clé, puis écrit son plan, qui attend la
            validation.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {trial ? (
          <TrialProgressView trial={trial} />
        ) : site.id && site.url ? (
          <StartForm fetcher={starting} siteUrl={site.url} hasClient={Boolean(site.ownerEmail)} topic={topic} languages={languages} />
        ) : (
          <p className="text-sm text-muted-foreground">Le site de cette demande a été supprimé : rien à lancer.</p>
        )}
      </CardContent>
    </Card>
  );
}

function StartForm({
  fetcher,
  siteUrl,
  hasClient,
  topic,
  languages,
}: {
  fetcher: ReturnType<typeof useToastFetcher<typeof action>>;
  siteUrl: string;
  hasClient: boolean;
  topic: string | null;
  languages: LanguageChoice[];
}) {
  // Nobody to approve the outline yet: the team, by default.
  const approver = hasClient ? "client" : "team";
  const [form, fields] = useSchemaForm(trialStartSchema, { fetcher, defaultValue: { topic: topic ?? "", approver, language: "" } });
  const [typed, setTyped] = useState(topic ?? "");
  const busy = fetcher.state !== "idle";
  const pageUrl = typed.trim() ? normalizePageUrl(slugOfText(typed, "premier-article"), siteUrl) : null;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value="start" />
      <FormField
        id={fields.topic.id}
        label="Sujet ou mot-clé"
        name="topic"
        maxLength={TOPIC_MAX}
        defaultValue={fields.topic.initialValue}
        onChange={(event) => setTyped(event.target.value)}
        placeholder="ex. pain au levain maison"
        hint={
          topic
            ? "Donné par le demandeur : il devient le nom de la page et son mot-clé."
            : "Le demandeur n'en a pas donné : choisissez-le d'après ses consignes. Il devient le nom de la page et son mot-clé."
        }
        error={fields.topic.errors?.[0]}
      />
      <p className="-mt-2 text-sm text-muted-foreground [overflow-wrap:anywhere]" aria-live="polite">
        {pageUrl ? (
          <>
            Adresse de la page : <span className="text-foreground">{pageUrl}</span>
          </>
        ) : (
          "L'adresse de la page suivra le sujet."
        )}
      </p>
      {languages.length ? (
        <div className="grid gap-2">
          <Label htmlFor={fields.language.id}>Langue du site</Label>
          <NativeSelect
            id={fields.language.id}
            name="language"
            defaultValue=""
            aria-invalid={fields.language.errors ? true : undefined}
            aria-describedby={`${fields.language.id}-hint${fields.language.errors ? ` ${fields.language.errorId}` : ""}`}
          >
            <option value="">Choisissez une langue</option>
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
          <p id={`${fields.language.id}-hint`} className="text-xs text-muted-foreground">
            La demande n'en donne pas ; le pays sera celui de la langue (la France pour le français).
          </p>
          <FieldError id={fields.language.errorId} error={fields.language.errors?.[0]} />
        </div>
      ) : null}
      <fieldset className="grid gap-2" aria-describedby={fields.approver.errors ? fields.approver.errorId : undefined}>
        <legend className="mb-2 text-sm font-medium">Qui valide le plan ?</legend>
        <ApproverChoice
          value="team"
          defaultChecked={approver === "team"}
          label="L'équipe"
          hint={
            hasClient
              ? "Le plan prêt est signalé à l'équipe."
              : "Le demandeur n'a pas encore de compte : le plan prêt est signalé à l'équipe."
          }
        />
        <ApproverChoice
          value="client"
          defaultChecked={approver === "client"}
          label="Le client"
          hint={
            hasClient
              ? "Il est prévenu du plan prêt et le valide dans son compte."
              : "Il n'a pas encore de compte : le plan l'y attendra, sans qu'il en soit prévenu."
          }
        />
        <FieldError id={fields.approver.errorId} error={fields.approver.errors?.[0]} />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Lancement..." : "Lancer l'article d'essai"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function ApproverChoice({ value, defaultChecked, label, hint }: { value: string; defaultChecked: boolean; label: string; hint: string }) {
  const id = `trial-approver-${value}`;
  return (
    <div className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
      <input
        id={id}
        type="radio"
        name="approver"
        value={value}
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 accent-primary"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

const TONES: Record<TrialStepTone, { icon: typeof Check; className: string; badge: "default" | "secondary" | "destructive" | "outline" }> =
  {
    done: { icon: Check, className: "text-primary", badge: "secondary" },
    action: { icon: Hand, className: "text-primary", badge: "default" },
    running: { icon: LoaderCircle, className: "text-muted-foreground", badge: "outline" },
    todo: { icon: CircleDashed, className: "text-muted-foreground", badge: "outline" },
    failed: { icon: CircleAlert, className: "text-destructive", badge: "destructive" },
  };

function TrialProgressView({ trial }: { trial: TrialProgress }) {
  const steps = trialSteps(trial, (date) => teamDateTime(date));
  // Read again while something runs or waits in the queue; not while it waits for a person, nor once delivered.
  usePollWhile(!trial.delivered && steps.some((step) => step.tone === "running" || (step.tone === "todo" && step.key !== "draft")), 3000);
  const page = trial.page;
  return (
    <div className="grid gap-5">
      <div className="grid gap-1 text-sm">
        {page ? (
          <p className="[overflow-wrap:anywhere]">
            Page{" "}
            <Link to={`/sites/${page.siteId}/pages/${page.id}`} className="font-medium text-primary underline underline-offset-4">
              {page.name}
            </Link>{" "}
            <span className="text-muted-foreground">· {page.url}</span>
          </p>
        ) : (
          <p>La page de l'article d'essai a été supprimée.</p>
        )}
        <p className="text-muted-foreground">
          Lancé le {teamDateTime(trial.startedAt)}
          {trial.startedByName ? ` par ${trial.startedByName}` : ""} · plan validé par{" "}
          {trial.approver === "team" ? "l'équipe" : "le client"}
        </p>
      </div>
      {page ? (
        <ol className="grid gap-2" aria-label="Étapes de l'article d'essai">
          {steps.map((step) => {
            const tone = TONES[step.tone];
            const Icon = tone.icon;
            return (
              <li
                key={step.key}
                className={cn(
                  "grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-lg border px-4 py-3 sm:grid-cols-[auto_7rem_1fr_auto] sm:items-center",
                  step.tone === "action" && "border-primary bg-primary/5",
                )}
              >
                <Icon className={cn("mt-0.5 size-4 sm:mt-0", tone.className)} aria-hidden="true" />
                <span className="font-medium">{step.name}</span>
                <span className="col-start-2 grid gap-0.5 sm:col-start-3">
                  <span>
                    <Badge variant={tone.badge} className="whitespace-normal">
                      {step.status}
                    </Badge>
                  </span>
                  {step.detail ? <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{step.detail}</span> : null}
                </span>
                {step.link ? (
                  <Link
                    to={step.link.to}
                    className="col-start-2 text-sm text-primary underline underline-offset-4 sm:col-start-4 sm:justify-self-end"
                  >
                    {step.link.label}
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
