import { Sparkles } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/lib/notify";
import { fieldErrors } from "~/lib/schemas/form";
import type { ScreenVersion } from "./types";
import { useVersionFetcher } from "./use-version-fetcher";
import { modifySchema, VERSION_TEXTS } from "./version-forms";

type Flags = { useWebSearch: boolean; highlightModifications: boolean; unhighlightModifications: boolean; createNewVersion: boolean };

const NO_FLAGS: Flags = { useWebSearch: false, highlightModifications: false, unhighlightModifications: false, createNewVersion: false };

const SWITCHES: { name: keyof Flags; label: string; hint: string }[] = [
  { name: "useWebSearch", label: "Use web search", hint: "Search the web for up-to-date facts first" },
  { name: "highlightModifications", label: "Highlight modifications", hint: "Mark the changed passages" },
  { name: "unhighlightModifications", label: "Unhighlight modifications", hint: "Remove earlier highlights" },
  { name: "createNewVersion", label: "Create new version", hint: "Keep this version and write the result as a new one" },
];

/**
 * The Modify Versions form: a modification request on the active version (comments, web search,
 * highlighting, a new version or not, an optional example version of this page). It is recorded on
 * the version and queued for the background process.
 */
export function ModifyVersionsForm({ versions, active }: { versions: ScreenVersion[]; active: ScreenVersion | null }) {
  const [comments, setComments] = useState("");
  const [flags, setFlags] = useState<Flags>(NO_FLAGS);
  const [example, setExample] = useState("none");
  const [error, setError] = useState<string | undefined>();
  const commentsRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const fetcher = useVersionFetcher((result) => {
    if (!result.ok) return setError(result.errors?.commentsToModify);
    setComments("");
    setFlags(NO_FLAGS);
    setExample("none");
  });
  const busy = fetcher.state !== "idle";
  const examples = versions.filter((v) => v.id !== active?.id);
  // An example equal to the version to modify (after choosing another row) means no example.
  const exampleValue = examples.some((v) => String(v.id) === example) ? example : "none";

  if (versions.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{VERSION_TEXTS.noVersionsToModify}</p>;
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!active) {
      notify({ type: "error", title: "Error", description: VERSION_TEXTS.selectVersion });
      return;
    }
    const values = {
      versionId: String(active.id),
      commentsToModify: comments,
      exampleVersionId: exampleValue,
      ...Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, String(v)])),
    };
    const parsed = modifySchema.safeParse(values);
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).commentsToModify);
      commentsRef.current?.focus();
      return;
    }
    setError(undefined);
    fetcher.submit({ intent: "modify", ...values }, { method: "post" });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Modify Versions" noValidate>
      <div className="rounded-md border border-dashed bg-muted/40 px-3 py-2 text-sm">
        <span className="text-muted-foreground">Version to modify: </span>
        <span className="font-medium" data-testid="version-to-modify">
          {active ? active.label : "none selected"}
        </span>
        {active?.commentsToModify ? (
          <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">Last request: {active.commentsToModify}</p>
        ) : null}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-comments`}>Comments to modify</Label>
        <Textarea
          id={`${id}-comments`}
          name="commentsToModify"
          ref={commentsRef}
          value={comments}
          onChange={(event) => {
            setComments(event.target.value);
            setError(undefined);
          }}
          placeholder="What should change in this version? e.g. Shorten the introduction, add a section on prices…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-comments-error` : undefined}
          className="min-h-24"
        />
        <FieldError id={`${id}-comments-error`} error={error} />
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        {SWITCHES.map(({ name, label, hint }) => (
          <div key={name} className="flex items-start gap-3 rounded-md border p-3">
            <Switch
              id={`${id}-${name}`}
              name={name}
              checked={flags[name]}
              onCheckedChange={(checked) => {
                setFlags((f) => ({ ...f, [name]: checked }));
                if (name === "unhighlightModifications") setError(undefined);
              }}
              aria-describedby={`${id}-${name}-hint`}
              className="mt-0.5"
            />
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
    </form>
  );
}
