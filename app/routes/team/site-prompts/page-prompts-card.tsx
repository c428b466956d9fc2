/**
 * One page of the site's prompts screen (issue 42): its name, address and keywords in use, the questions the
 * assistants are asked about it (the defaults, or the team's), and their form: up to five fields, prefilled, saved
 * together; "Revenir aux questions par défaut" asks first. A refused form keeps what was typed.
 */
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import { FieldError } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { pagePromptsSchema } from "~/lib/schemas/team";
import { teamDateTime } from "~/lib/team-format";
import { MAX_PROMPTS, PROMPT_MAX_LENGTH } from "~/lib/visibility/prompts";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action, loader } from "../site-prompts";

type PromptPage = Awaited<ReturnType<typeof loader>>["pages"][number];
type Fetcher = ReturnType<typeof useToastFetcher<typeof action>>;

export function PagePromptsCard({ siteId, page }: { siteId: number; page: PromptPage }) {
  // Held by the card, not by the form: the form starts again from the saved prompts, and the answer's toast must still show.
  const fetcher = useToastFetcher<typeof action>(undefined, `prompts-${page.id}`);
  const titleId = `prompts-page-${page.id}`;
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <h2 id={titleId} className="[overflow-wrap:anywhere]">
            {page.name}
          </h2>
          <Badge variant={page.custom ? "default" : "outline"}>{page.custom ? "écrites par l'équipe" : "par défaut"}</Badge>
        </CardTitle>
        <CardDescription className="grid gap-1">
          <span className="[overflow-wrap:anywhere]">
            <Link to={`/sites/${siteId}/pages/${page.id}`} className="text-primary underline-offset-4 hover:underline">
              {page.url}
            </Link>
            {page.updatedAt ? ` · écrites le ${teamDateTime(page.updatedAt)}` : null}
          </span>
          <span>Mots-clés : {page.keywords.join(", ")}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 px-4">
        <ol className="grid list-decimal gap-1.5 pl-5 text-sm" aria-label={`Questions sur ${page.name}`}>
          {page.prompts.map((prompt, i) => (
            <li key={i} className="[overflow-wrap:anywhere]">
              {prompt}
            </li>
          ))}
        </ol>
        {/* A new form once the page's prompts change (saved, or set back): it starts from them, closed. */}
        <PromptsForm key={`${page.custom}:${page.prompts.join("\n")}`} page={page} fetcher={fetcher} />
      </CardContent>
    </Card>
  );
}

function PromptsForm({ page, fetcher }: { page: PromptPage; fetcher: Fetcher }) {
  const [form, fields] = useSchemaForm(pagePromptsSchema, { fetcher });
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  // A question at fault is said on its field (prompts[i]); the list's own refusal (none, too many) on the list.
  const errors = fields.prompts.allErrors;
  const fieldError = (i: number) => errors[`${fields.prompts.name}[${i}]`]?.[0];
  const error = Object.values(errors).flat()[0] ?? fields.page.errors?.[0];
  const errorId = `prompts-${page.id}-error`;
  return (
    <details className="rounded-md border px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium">Modifier les questions</summary>
      <fetcher.Form
        method="post"
        {...getFormProps(form)}
        className="grid gap-3 pt-3"
        aria-label={`Modifier les questions sur ${page.name}`}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="page" value={page.id} />
        <p className="text-xs text-muted-foreground">
          De 1 à {MAX_PROMPTS} questions, chacune de 10 à {PROMPT_MAX_LENGTH} caractères, comme une personne les poserait ; les champs
          laissés vides sont ignorés. Les réponses déjà reçues gardent la question qui leur a été posée.
        </p>
        {Array.from({ length: MAX_PROMPTS }, (_, i) => {
          const id = `prompts-${page.id}-${i + 1}`;
          const invalid = Boolean(fieldError(i));
          return (
            <div key={i} className="grid gap-1.5">
              <Label htmlFor={id}>Question {i + 1}</Label>
              <Textarea
                id={id}
                name={`${fields.prompts.name}[${i}]`}
                rows={2}
                maxLength={PROMPT_MAX_LENGTH * 2}
                defaultValue={page.prompts[i] ?? ""}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            </div>
          );
        })}
        <FieldError id={errorId} error={error} />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Enregistrement..." : "Enregistrer les questions"}
          </Button>
          {page.custom ? (
            <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
              Revenir aux questions par défaut
            </Button>
          ) : null}
        </div>
      </fetcher.Form>
      <ConfirmDeleteDialog
        open={confirming}
        title="Revenir aux questions par défaut ?"
        description={`Les questions écrites par l'équipe pour « ${page.name} » seront effacées ; les trois questions par défaut seront posées dès la prochaine vérification.`}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          fetcher.submit({ intent: "reset", page: String(page.id) }, { method: "post" });
          setConfirming(false);
        }}
        labels={{ cancel: "Annuler", confirm: "Revenir aux questions par défaut", busy: "Enregistrement..." }}
      />
    </details>
  );
}
