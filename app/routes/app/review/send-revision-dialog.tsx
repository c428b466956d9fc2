import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { REVIEW_ACTIONS, sendRevisionSchema } from "~/lib/review-state";
import { useOnChange } from "~/lib/use-on-change";
import { clearFieldError, useSchemaForm } from "~/lib/use-schema-form";
import type { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../review";

const COPY = REVIEW_ACTIONS["send-revision"];

/** The review screen's fetcher: the dialog's form posts through it, so that the screen follows the answer. */
type ReviewFetcher = ReturnType<typeof useToastFetcher<typeof action>>;

/**
 * Asks for the comments of a revision request (required after trimming: checked here for a fast answer,
 * and again by the server, whose error is shown the same way). The form posts intent=send-revision and
 * comments to the review action, which parses the same schema (sendRevisionSchema).
 */
export function SendRevisionDialog({
  open,
  onOpenChange,
  fetcher,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fetcher: ReviewFetcher;
  busy: boolean;
}) {
  // A fresh form each time the dialog opens (its comments, and no refusal of an earlier opening).
  const [opening, setOpening] = useState(0);
  useOnChange(open, (isOpen) => {
    if (isOpen) setOpening((n) => n + 1);
  });
  const change = (next: boolean) => {
    if (busy) return;
    if (!next && fetcher.data && "result" in fetcher.data) fetcher.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-lg">
        <SendRevisionForm key={opening} fetcher={fetcher} busy={busy} onCancel={() => change(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SendRevisionForm({ fetcher, busy, onCancel }: { fetcher: ReviewFetcher; busy: boolean; onCancel: () => void }) {
  const [form, fields] = useSchemaForm(sendRevisionSchema, { fetcher });
  const field = fields.comments;
  const error = field.errors?.[0];
  const hintId = `${field.id}-hint`;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="send-revision" />
      <DialogHeader>
        <DialogTitle>Send for revision</DialogTitle>
        <DialogDescription>Tell the writer what to change in this version.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={field.id}>Comments</Label>
        <Textarea
          id={field.id}
          name="comments"
          defaultValue=""
          onChange={(event) => {
            if (event.target.value.trim()) clearFieldError(form, "comments");
          }}
          placeholder="For example: shorten the introduction and add a section about prices."
          rows={6}
          className="max-h-72 min-h-32"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field.errorId} ${hintId}` : hintId}
          disabled={busy}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          The version moves to 'In revision' and your comments are kept with it.
        </p>
        <FieldError id={field.errorId} error={error} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? COPY.busy : COPY.label}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
