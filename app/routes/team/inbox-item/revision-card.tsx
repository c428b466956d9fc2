/**
 * The revision a client's request for changes started (issue 38), on the request's screen: what the reviewers said
 * on the version, each passage they quoted beside their comment, and the instructions made of it. While the
 * revision waits for the team, the instructions can be edited and confirmed, which queues it; then the card says
 * where it stands, and leads to the revised version once written.
 */
import { getFormProps } from "@conform-to/react";
import { Link } from "react-router";
import { FieldError } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { REVISION_INSTRUCTIONS_MAX, revisionConfirmSchema } from "~/lib/schemas/team";
import { teamDateTime } from "~/lib/team-format";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action, loader } from "../inbox-item";

type Revision = NonNullable<Awaited<ReturnType<typeof loader>>["revision"]>;

const STAGES: Record<Revision["stage"], { label: string; tone: "default" | "secondary" | "destructive" | "outline" }> = {
  waiting: { label: "Attend votre confirmation", tone: "secondary" },
  writing: { label: "En cours d'écriture", tone: "secondary" },
  failed: { label: "Échec de l'écriture", tone: "destructive" },
  ready: { label: "Révision écrite", tone: "default" },
  cancelled: { label: "Retirée par le client", tone: "outline" },
};

const KINDS: Record<string, string> = { comment: "Commentaire", changes: "Demande de modifications", approved: "Approbation" };

export function RevisionCard({ revision, pageLink }: { revision: Revision; pageLink: string | null }) {
  const confirming = useToastFetcher<typeof action>(undefined, "revision-confirm");
  const [form, fields] = useSchemaForm(revisionConfirmSchema, {
    fetcher: confirming,
    defaultValue: { request: String(revision.id), instructions: revision.instructions },
  });
  const stage = STAGES[revision.stage];
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-lg">
            <h2>Révision {revision.round}</h2>
          </CardTitle>
          <Badge variant={stage.tone} data-testid="revision-stage">
            {stage.label}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Demandée par {revision.requestedByName} le {teamDateTime(revision.createdAt)} ; promise au client pour le{" "}
          {teamDateTime(revision.dueAt)}.{revision.siteRunsAtOnce ? " Ce site lance ses révisions sans attendre l'équipe." : null}
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        {revision.comments.length ? (
          <section aria-labelledby="revision-comments" className="grid gap-2">
            <h3 id="revision-comments" className="text-sm font-semibold">
              Ce que les relecteurs ont écrit
            </h3>
            <ol className="grid gap-2">
              {revision.comments.map((comment) => (
                <li key={comment.id} className="grid gap-1 rounded-md border p-3 text-sm">
                  <p className="text-xs text-muted-foreground">
                    {KINDS[comment.kind] ?? comment.kind} · {comment.authorName} · {teamDateTime(comment.createdAt)}
                  </p>
                  {comment.quote ? (
                    <blockquote className="border-l-2 border-primary/60 pl-3 text-muted-foreground italic [overflow-wrap:anywhere]">
                      « {comment.quote} »
                    </blockquote>
                  ) : null}
                  <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{comment.body || "—"}</p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}

        {revision.stage === "waiting" ? (
          <confirming.Form method="post" {...getFormProps(form)} className="grid gap-2">
            <input type="hidden" name="intent" value="confirm-revision" />
            <input type="hidden" name="request" value={String(revision.id)} />
            <Label htmlFor={fields.instructions.id}>Consignes de la révision</Label>
            <p id={`${fields.instructions.id}-hint`} className="text-sm text-muted-foreground">
              Écrites d'après les commentaires des relecteurs : modifiez-les au besoin. La révision écrit une nouvelle version, où ce qui
              change est surligné ; la version commentée reste telle quelle.
            </p>
            <Textarea
              id={fields.instructions.id}
              name="instructions"
              rows={10}
              className="min-h-56 font-mono text-sm"
              defaultValue={fields.instructions.initialValue}
              maxLength={REVISION_INSTRUCTIONS_MAX}
              aria-invalid={fields.instructions.errors ? true : undefined}
              aria-describedby={[`${fields.instructions.id}-hint`, fields.instructions.errors ? fields.instructions.errorId : ""]
                .join(" ")
                .trim()}
            />
            <FieldError id={fields.instructions.errorId} error={fields.instructions.errors?.[0]} />
            <div className="flex justify-end">
              <Button type="submit" disabled={confirming.state !== "idle"}>
                {confirming.state !== "idle" ? "Lancement..." : "Confirmer et lancer la révision"}
              </Button>
            </div>
          </confirming.Form>
        ) : (
          <section aria-labelledby="revision-instructions" className="grid gap-2">
            <h3 id="revision-instructions" className="text-sm font-semibold">
              Consignes de la révision
            </h3>
            <pre className="rounded-md bg-muted p-3 font-mono text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
              {revision.instructions}
            </pre>
            {revision.confirmedAt ? <p className="text-sm text-muted-foreground">Lancée le {teamDateTime(revision.confirmedAt)}.</p> : null}
          </section>
        )}
        {revision.revisedVersionId && pageLink ? (
          <Link to={`/review/${revision.revisedVersionId}`} className="text-sm text-primary underline underline-offset-4">
            Voir la version révisée
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
