/**
 * The site's AI visibility checks on its console screen (issue 42): the sample size the team sets (how many times
 * each prompt is asked of each LLM per period), and what the automatic checks cost per month at the site's current
 * settings, priced by what the providers measured (models/team-visibility.server.ts), against its monthly cap.
 */
import { getFormProps } from "@conform-to/react";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { formatUsd } from "~/lib/format";
import { samplesSchema } from "~/lib/schemas/team";
import { PRICE_WINDOW_DAYS } from "~/lib/visibility/cost";
import { MAX_SAMPLES, MIN_SAMPLES } from "~/lib/visibility/prompts";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { cn } from "~/lib/utils";
import type { action, loader } from "../site";

type Estimate = Awaited<ReturnType<typeof loader>>["estimate"];

/** A count as the console writes it: whole, in French ("1 170"). */
const count = (n: number) => Math.round(n).toLocaleString("fr-FR");

/** The sample size: a whole number from 1 to 10, refused in French (the field keeps what was typed). */
export function SampleSize({ samples }: { samples: number }) {
  const fetcher = useToastFetcher<typeof action>(undefined, "site-samples");
  const [form, fields] = useSchemaForm(samplesSchema, { fetcher, defaultValue: { samples: String(samples) } });
  const field = fields.samples;
  const error = field.errors?.[0];
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-1">
      <input type="hidden" name="intent" value="samples" />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={field.id} className="text-sm text-muted-foreground">
          Réponses par question
        </label>
        <input
          id={field.id}
          name={field.name}
          type="number"
          inputMode="numeric"
          min={MIN_SAMPLES}
          max={MAX_SAMPLES}
          step={1}
          defaultValue={field.initialValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(`${field.id}-hint`, error && field.errorId)}
          className="h-8 w-20 rounded-md border border-input bg-transparent px-2 text-sm aria-invalid:border-destructive"
        />
        <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Enregistrement..." : "Enregistrer"}
        </Button>
      </div>
      <p id={`${field.id}-hint`} className="text-xs text-muted-foreground">
        Combien de fois chaque question est posée à chaque LLM, à chaque vérification (de {MIN_SAMPLES} à {MAX_SAMPLES}) : plus de réponses
        donnent des parts plus sûres, et coûtent autant de fois plus.
      </p>
      <FieldError id={field.errorId} error={error} />
    </fetcher.Form>
  );
}

/** What the checks cost per month at the site's settings, what that rests on, and when the cap stops them. */
export function ChecksEstimate({ estimate }: { estimate: Estimate }) {
  const e = estimate;
  const period = e.frequency === "monthly" ? "chaque mois" : "chaque semaine";
  const periods =
    e.frequency === "monthly"
      ? "1 vérification par mois"
      : `${e.periodsPerMonth.toLocaleString("fr-FR", { maximumFractionDigits: 2 })} vérifications par mois`;
  const unmeasured = [...e.unmeasuredModels, ...(e.serpUnmeasured ? ["les vérifications SERP"] : [])];
  return (
    <section aria-labelledby="checks-estimate-title" className="grid gap-3 rounded-lg border p-3 text-sm">
      <div className="grid gap-0.5">
        <h3 id="checks-estimate-title" className="font-medium">
          {e.assumedWeekly ? "Coût estimé par mois si les vérifications étaient hebdomadaires" : `Coût estimé par mois (${period})`}
        </h3>
        {e.owned ? null : (
          <p className="text-xs text-muted-foreground">
            Sans client, le site n'est pas vérifié automatiquement : l'estimation vaut pour le jour où il en aura un.
          </p>
        )}
      </div>
      {e.pages === 0 ? (
        <p className="text-muted-foreground">Aucune page n'a de mot-clé utilisé : il n'y a rien à vérifier.</p>
      ) : (
        <>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5" data-testid="checks-estimate">
            <EstimateLine
              label="Réponses des assistants"
              value={`≈ ${count(e.answersPerMonth)}`}
              hint={`${e.prompts} question${e.prompts > 1 ? "s" : ""} sur ${e.pages} page${e.pages > 1 ? "s" : ""} × ${e.models.length} LLM × ${e.samples} réponse${e.samples > 1 ? "s" : ""} × ${periods}`}
            />
            <EstimateLine label="dont avec recherche web" value={`≈ ${count(e.liveAnswersPerMonth)}`} />
            <EstimateLine
              label="Vérifications SERP"
              value={`≈ ${count(e.serpChecksPerMonth)}`}
              hint={`${e.keywords} mot${e.keywords > 1 ? "s" : ""}-clé${e.keywords > 1 ? "s" : ""} utilisé${e.keywords > 1 ? "s" : ""} × ${periods}`}
            />
            <EstimateLine label="Coût" value={`${e.lowerBound ? "au moins" : "≈"} ${formatUsd(e.costPerMonthUsd)}`} strong />
          </dl>
          {unmeasured.length ? (
            <p className="text-xs text-muted-foreground">
              Pas encore mesuré : {unmeasured.join(", ")}. Leur coût n'est pas compté, d'où {"«\u00a0au moins\u00a0»"}.
            </p>
          ) : null}
          <CapVerdict estimate={e} />
          <details className="text-xs">
            <summary className="cursor-pointer text-muted-foreground">
              Prix mesurés (moyennes des {PRICE_WINDOW_DAYS} derniers jours, tous sites)
            </summary>
            <ul className="mt-2 grid gap-1">
              {e.models.map((m) => (
                <li key={m.name}>
                  {m.name} ({m.webSearch ? "recherche web" : "mémoire"}) :{" "}
                  {m.meanCostUsd === null ? (
                    <span className="font-medium">pas encore mesuré</span>
                  ) : (
                    `${formatUsd(m.meanCostUsd, { decimals: 4 })} la réponse, sur ${count(m.calls)} appel${m.calls > 1 ? "s" : ""}`
                  )}
                </li>
              ))}
              <li>
                Vérification SERP :{" "}
                {e.serp.meanCostUsd === null ? (
                  <span className="font-medium">pas encore mesuré</span>
                ) : (
                  `${formatUsd(e.serp.meanCostUsd, { decimals: 4 })} la vérification, sur ${count(e.serp.checks)} vérification${e.serp.checks > 1 ? "s" : ""}`
                )}
              </li>
            </ul>
          </details>
        </>
      )}
    </section>
  );
}

function EstimateLine({ label, value, hint, strong }: { label: string; value: string; hint?: string; strong?: boolean }) {
  return (
    <>
      <dt className={cn(strong ? "font-medium" : "text-muted-foreground")}>
        {label}
        {hint ? <span className="block text-xs font-normal text-muted-foreground">{hint}</span> : null}
      </dt>
      <dd className={cn("text-right tabular-nums", strong && "font-semibold")}>{value}</dd>
    </>
  );
}

/** The estimate against the cap: within it, over it (and roughly the day it stops the checks), or not known. */
function CapVerdict({ estimate: e }: { estimate: Estimate }) {
  const cap = formatUsd(e.cap.capUsd);
  if (e.cap.state === "under") return <p>L'estimation tient dans le plafond de {cap} par mois.</p>;
  if (e.cap.state === "unknown")
    return <p>La part mesurée tient dans le plafond de {cap} par mois ; ce qui n'est pas encore mesuré peut le dépasser.</p>;
  const day = e.cap.stopDay ?? 1;
  const when = `${e.lowerBound ? "au plus tard " : ""}${day === 1 ? "dès le 1er" : `vers le ${day}`} du mois`;
  return (
    <p className="font-medium text-destructive">
      L'estimation dépasse le plafond de {cap} par mois : le plafond {e.assumedWeekly ? "arrêterait" : "arrête"} les vérifications {when}.
    </p>
  );
}
