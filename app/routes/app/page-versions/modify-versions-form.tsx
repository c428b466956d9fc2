import { getFormProps } from "@conform-to/react";
import { Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/lib/notify";
import { errorToast } from "~/lib/toast";
import { clearFieldError, useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../page-versions";
import type { ScreenVersion } from "./types";
import { modifySchema, VERSION_TEXTS } from "./version-forms";

type Flags = { useWebSearch: boolean; highlightModifications: boolean; unhighlightModifications: boolean; createNewVersion: boolean };

/** A modification writes a new version unless asked otherwise: the version it starts from is kept (issue 38). */
const DEFAULT_FLAGS: Flags = {
  useWebSearch: false,
  highlightModifications: false,
  unhighlightModifications: false,
  createNewVersion: true,
};

const SWITCHES: { name: keyof Flags; label: string; hint: string }[] = [
  { name: "useWebSearch", label: "Use web search", hint: "Search the web for up-to-date facts first" },
  { name: "highlightModifications", label: "Highlight modifications", hint: "Mark the changed passages" },
  { name: "unhighlightModifications", label: "Unhighlight modifications", hint: "Remove earlier highlights" },
  { name: "createNewVersion", label: "Create new version", hint: "Keep this version and write the result as a new one" },
];

/**
 * The Modify Versions form: a modification request on the active version (comments, web search,
 * highlighting, a new version or not, an optional example version of this page). It is recorded on
 * the version and queued for the background process. It posts intent=modify to the page versions action,
 * which parses the same schema (modifySchema); the switches and the example post through hidden inputs.
 */
export function ModifyVersionsForm({ versions, active }: { versions: ScreenVersion[]; active: ScreenVersion | null }) {
  const [comments, setComments] = useState(active?.waitingRevision ?? "");
  const [flags, setFlags] = useState<Flags>(DEFAULT_FLAGS);
  // Another version chosen: the comments start from its waiting revision's instructions, unless something was typed
  // (state adjusted while rendering, React's way of following a prop).
  const [shown, setShown] = useState(active);
  if (shown?.id !== active?.id) {
    setShown(active);
    if (!comments.trim() || comments === shown?.waitingRevision) setComments(active?.waitingRevision ?? "");
  }
  const [example, setExample] = useState("none");
  const id = useId();
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if (!answer.ok) return;
    setComments("");
    setFlags(DEFAULT_FLAGS);
    setExample("none");
  });
  const [form, fields] = useSchemaForm(modifySchema, { fetcher });
  const busy = fetcher.state !== "idle";
  const examples = versions.filter((v) => v.id !== active?.id);
  // An example equal to the version to modify (after choosing another row) means no example.
  const exampleValue = examples.some((v) => String(v.id) === example) ? example : "none";
  const commentsField = fields.commentsToModify;
  const error = commentsField.errors?.[0];

  if (versions.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{VERSION_TEXTS.noVersionsToModify}</p>;
  }

  const formProps = getFormProps(form);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!active) {
      event.preventDefault();
      notify(errorToast(VERSION_TEXTS.selectVersion));
      return;
    }
    formProps.onSubmit(event);
  };

  return (
    <fetcher.Form method="post" {...formProps} onSubmit={submit} className="grid gap-4" aria-label="Modify Versions">
      <input type="hidden" name="intent" value="modify" />
      <input type="hidden" name="versionId" value={active?.id ?? ""} />
      <input type="hidden" name="exampleVersionId" value={exampleValue} />
      <div className="rounded-md border border-dashed bg-muted/40 px-3 py-2 text-sm">
        <span className="text-muted-foreground">Version to modify: </span>
        <span className="font-medium" data-testid="version-to-modify">
          {active ? active.label : "none selected"}
        </span>
        {active?.waitingRevision ? (
          <p className="mt-1 text-xs text-muted-foreground">
            A request for changes waits for this version: its comments are below, as the revision&apos;s instructions.
          </p>
        ) : active?.commentsToModify ? (
          <details className="mt-1 text-xs text-muted-foreground">
            <summary className="cursor-pointer">Last request</summary>
            <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{active.commentsToModify}</p>
          </details>
        ) : null}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={commentsField.id}>Comments to modify</Label>
        <Textarea
          id={commentsField.id}
          name="commentsToModify"
          value={comments}
          onChange={(event) => {
            setComments(event.target.value);
            clearFieldError(form, "commentsToModify");
          }}
          placeholder="What should change in this version? e.g. Shorten the introduction, add a section on prices…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? commentsField.errorId : undefined}
          className="min-h-24"
        />
        <FieldError id={commentsField.errorId} error={error} />
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        {SWITCHES.map(({ name, label, hint }) => (
          <div key={name} className="flex items-start gap-3 rounded-md border p-3">
            <Switch
              id={`${id}-${name}`}
              checked={flags[name]}
              onCheckedChange={(checked) => {
                setFlags((f) => ({ ...f, [name]: checked }));
                if (name === "unhighlightModifications") clearFieldError(form, "commentsToModify");
              }}
              aria-describedby={`${id}-${name}-hint`}
              className="mt-0.5"
            />
            {flags[name] ? <input type="hidden" name={name} value="on" /> : null}
            <div className="grid gap-0.5">
              <Label htmlFor={`${id}-${name}`} className="leading-tight">
                {label}
              </Label>
              <span id={`${id}-${name}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </span>
            </div>
          </div>
        ))}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-example`}>Example version</Label>
        <Select value={exampleValue} onValueChange={setExample}>
          <SelectTrigger id={`${id}-example`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="none">None</SelectItem>
            {examples.map((v) => (
              <SelectItem key={v.id} value={String(v.id)}>
                {v.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className="flex justify-end">
        <Button type="submit" disabled={!active || busy}>
          {busy ? <Spinner /> : <Sparkles aria-hidden="true" />}
          {busy ? "Updating..." : "Update version"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
