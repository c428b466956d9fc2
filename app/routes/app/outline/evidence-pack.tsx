/**
 * The outline screen's evidence pack (issue 40): the passages the writer may cite, word for word, grouped by the page
 * they come from (its title, address, when it was read and why it is there), each one taken out or put back; and the
 * form that adds a source of one's own by its address. Posts to the outline route (intents add-source,
 * remove-passage, restore-passage); each passage has its own fetcher, so that one being changed does not hold the others.
 */
import { getFormProps } from "@conform-to/react";
import { BookOpenCheck, ExternalLink, Plus, Undo2, X } from "lucide-react";
import { FieldError } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/lib/format";
import { evidenceSourceSchema } from "~/lib/schemas/outline";
import type { EvidenceKind } from "~/lib/sources/evidence";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { cn } from "~/lib/utils";

export type ShownPassage = {
  id: number;
  url: string;
  title: string | null;
  readAt: string;
  kind: EvidenceKind;
  passage: string;
  origin: "top_page" | "ai_overview" | "assistant" | "added";
  addedByName: string | null;
  removedAt: string | null;
  removedByName: string | null;
};

const KIND_LABELS: Record<EvidenceKind, string> = {
  figure: "Figure",
  date: "Date",
  definition: "Definition",
  quotation: "Quotation",
  passage: "Passage",
};

const originLabel = (passage: ShownPassage) =>
  ({
    top_page: "A page that ranks",
    ai_overview: "Cited by Google's AI Overview",
    assistant: "Cited by an AI assistant",
    added: passage.addedByName ? `Added by ${passage.addedByName}` : "Added by hand",
  })[passage.origin];

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
};

/** The pack's passages by source, in the order the sources first appear. */
function bySource(pack: readonly ShownPassage[]): ShownPassage[][] {
  const groups = new Map<string, ShownPassage[]>();
  for (const passage of pack) groups.set(passage.url, [...(groups.get(passage.url) ?? []), passage]);
  return [...groups.values()];
}

export function EvidencePack({ pack, gathering }: { pack: readonly ShownPassage[]; gathering: boolean }) {
  const inUse = pack.filter((p) => p.removedAt === null);
  const sources = new Set(inUse.map((p) => p.url)).size;
  return (
    <Card className="mt-6" role="region" aria-labelledby="evidence-pack-title">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2 id="evidence-pack-title">Evidence pack</h2>
        </CardTitle>
        <CardDescription>
          The passages the article may cite, each with its source: the writer quotes them word for word and links them, and every
          source of the article is checked once it is written. Take out what should not be cited, or add a source of your own.
        </CardDescription>
        {inUse.length ? (
          <p className="text-sm font-medium" data-testid="evidence-count">
            {inUse.length} {inUse.length === 1 ? "passage" : "passages"} from {sources} {sources === 1 ? "source" : "sources"}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6">
        {pack.length === 0 ? (
          <div className="flex items-start gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            <BookOpenCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>
              {gathering
                ? "The evidence is being gathered with the outline, from the pages that rank and the pages AI assistants cite."
                : "No evidence yet. It is gathered from the research of the page's keywords when the outline or the article is written; you can add a source of your own now."}
            </p>
          </div>
        ) : (
          <ul className="grid gap-4" aria-label="Sources of the evidence pack">
            {bySource(pack).map((passages) => (
              <SourceGroup key={passages[0]!.url} passages={passages} />
            ))}
          </ul>
        )}
        <AddSourceForm />
      </CardContent>
    </Card>
  );
}

/** A source of the pack: its page, and its passages. */
function SourceGroup({ passages }: { passages: ShownPassage[] }) {
  const first = passages[0]!;
  return (
    <li className="grid gap-3 rounded-md border p-4">
      <div className="grid gap-1">
        <a
          href={first.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-center gap-1 font-medium break-words underline-offset-4 hover:underline"
        >
          {first.title || hostOf(first.url)}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <p className="text-xs text-muted-foreground">
          {hostOf(first.url)} · read on {formatDate(first.readAt)} · {originLabel(first)}
        </p>
      </div>
      <ul className="grid gap-2">
        {passages.map((passage) => (
          <PassageRow key={passage.id} passage={passage} />
        ))}
      </ul>
    </li>
  );
}

/** A passage, in use (with the button that takes it out) or taken out (with who did, and the button that puts it back). */
function PassageRow({ passage }: { passage: ShownPassage }) {
  const fetcher = useToastFetcher();
  const removed = passage.removedAt !== null;
  const busy = fetcher.state !== "idle";
  return (
    <li className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={removed ? "outline" : "secondary"}>{KIND_LABELS[passage.kind]}</Badge>
          {removed ? (
            <span className="text-xs text-muted-foreground">
              Taken out{passage.removedByName ? ` by ${passage.removedByName}` : ""} on {formatDate(passage.removedAt!)}
            </span>
          ) : null}
        </div>
        <blockquote className={cn("border-l-2 pl-3 text-sm", removed && "text-muted-foreground line-through")}>
          {passage.passage}
        </blockquote>
      </div>
      <fetcher.Form method="post" className="shrink-0">
        <input type="hidden" name="intent" value={removed ? "restore-passage" : "remove-passage"} />
        <input type="hidden" name="evidenceId" value={passage.id} />
        <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={`${removed ? "Put back" : "Take out"}: ${passage.passage.slice(0, 60)}`}>
          {removed ? <Undo2 aria-hidden="true" /> : <X aria-hidden="true" />}
          {removed ? "Put back" : "Take out"}
        </Button>
      </fetcher.Form>
    </li>
  );
}

/** A source of one's own, by its address: read at once, its passages on the topic join the pack. */
function AddSourceForm() {
  const fetcher = useToastFetcher();
  const [form, fields] = useSchemaForm(evidenceSourceSchema, { fetcher });
  const busy = fetcher.state !== "idle";
  const error = fields.url.errors?.[0];
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-2 border-t pt-4">
      <input type="hidden" name="intent" value="add-source" />
      <Label htmlFor={fields.url.id}>Add a source of your own</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={fields.url.id}
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://"
          required
          className="sm:max-w-xl"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fields.url.id}-hint${error ? ` ${fields.url.errorId}` : ""}`}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          <Plus aria-hidden="true" /> {busy ? "Reading the page..." : "Add the source"}
        </Button>
      </div>
      <p id={`${fields.url.id}-hint`} className="text-xs text-muted-foreground">
        The page is read now; its figures, dates, definitions and quotations on the article's topic join the pack.
      </p>
      <FieldError id={fields.url.errorId} error={error} />
    </fetcher.Form>
  );
}
