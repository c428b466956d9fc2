import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { FieldError, FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { TONE_CONTENT_MAX, TONE_NAME_MAX, toneArticleSchema } from "~/lib/schemas/tone-article";
import { clearFieldError, useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../tone-articles";

export type ToneGroupOption = { id: number; name: string };

/**
 * 'Create New Tone Article': name, parent group ('None' or a visible group), content. It posts intent=create
 * to /tone-articles, which parses the same schema (lib/schemas/tone-article.ts); the parent group posts
 * through a hidden input of its own.
 */
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
  const fetcher = useToastFetcher<typeof action>((answer) => answer.ok && onDone());
  const [form, fields] = useSchemaForm(toneArticleSchema, { fetcher });
  const busy = fetcher.state !== "idle";
  const [parent, setParent] = useState("none");
  const answer = busy ? undefined : fetcher.data;
  // A failure that belongs to no field (not signed in, the server failed) is said above the buttons.
  const fieldRefusal = answer && "result" in answer && Object.values(answer.result.error ?? {}).some((messages) => messages?.length);
  const formError = answer && !answer.ok && !fieldRefusal ? answer.error : undefined;
  const parentError = fields.parent.errors?.[0];
  const contentError = fields.content.errors?.[0];
  const parentId = fields.parent.id;
  const contentId = fields.content.id;

  return (
    <fetcher.Form method="post" action="/tone-articles" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="create" />
      <FormField
        id={fields.name.id}
        label="Name"
        name="name"
        autoFocus
        maxLength={TONE_NAME_MAX}
        error={fields.name.errors?.[0]}
        onChange={() => clearFieldError(form, "name")}
      />
      <div className="grid gap-2">
        <Label id={`${parentId}-label`}>Parent Group</Label>
        <Select value={parent} onValueChange={setParent}>
          <SelectTrigger
            className="w-full"
            aria-labelledby={`${parentId}-label`}
            aria-invalid={parentError ? true : undefined}
            aria-describedby={parentError ? `${parentId}-error` : undefined}
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
        <input type="hidden" name="parent" value={parent} />
        <p className="text-xs text-muted-foreground">Leave 'None' to create a tone group.</p>
        <FieldError id={`${parentId}-error`} error={parentError} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={contentId}>Content</Label>
        <Textarea
          id={contentId}
          name="content"
          rows={8}
          maxLength={TONE_CONTENT_MAX}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${contentId}-error` : undefined}
        />
        <FieldError id={`${contentId}-error`} error={contentError} />
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
