import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { FieldError, FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/lib/notify";
import { TONE_CONTENT_MAX, TONE_NAME_MAX } from "~/lib/schemas/tone-article";
import type { ToneArticleActionResult } from "./types";

export type ToneGroupOption = { id: number; name: string };

/** 'Create New Tone Article': name, parent group ('None' or a visible group), content. */
export function CreateToneArticleDialog({
  open,
  onOpenChange,
  groups,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groups: ToneGroupOption[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create New Tone Article</DialogTitle>
          <DialogDescription>A tone group, or an example text inside a group, used as the voice of your sites.</DialogDescription>
        </DialogHeader>
        {open ? <ToneArticleForm groups={groups} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ToneArticleForm({ groups, onDone }: { groups: ToneGroupOption[]; onDone: () => void }) {
  const fetcher = useFetcher<ToneArticleActionResult>();
  const busy = fetcher.state !== "idle";
  const [parent, setParent] = useState("none");
  const [nameError, setNameError] = useState<string | undefined>();
  const id = useId();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      if (result.toast) notify(result.toast);
      onDone();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result?.stamp]);

  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  const formError = result && !result.ok && !Object.keys(errors).length ? result.error : undefined;

  return (
    <fetcher.Form
      method="post"
      action="/tone-articles"
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        const name = new FormData(event.currentTarget).get("name");
        if (typeof name !== "string" || !name.trim()) {
          event.preventDefault();
          setNameError("Name is required");
        } else setNameError(undefined);
      }}
    >
      <input type="hidden" name="intent" value="create" />
      <FormField
        label="Name"
        name="name"
        autoFocus
        maxLength={TONE_NAME_MAX}
        error={nameError ?? errors.name}
        onChange={() => setNameError(undefined)}
      />
      <div className="grid gap-2">
        <Label id={`${id}-parent-label`}>Parent Group</Label>
        <Select value={parent} onValueChange={setParent} name="parent">
          <SelectTrigger
            className="w-full"
            aria-labelledby={`${id}-parent-label`}
            aria-invalid={errors.parent ? true : undefined}
            aria-describedby={errors.parent ? `${id}-parent-error` : undefined}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="none">None</SelectItem>
            {groups.map((g) => (
              <SelectItem key={g.id} value={String(g.id)}>
                {g.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-xs text-muted-foreground">Leave 'None' to create a tone group.</p>
        <FieldError id={`${id}-parent-error`} error={errors.parent} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-content`}>Content</Label>
        <Textarea
          id={`${id}-content`}
          name="content"
          rows={8}
          maxLength={TONE_CONTENT_MAX}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${id}-content-error` : undefined}
        />
        <FieldError id={`${id}-content-error`} error={errors.content} />
      </div>
      {formError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Creating..." : "Create"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
