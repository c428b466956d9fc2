import { useEffect, useId, useRef, useState } from "react";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { REVIEW_ACTIONS, sendRevisionSchema } from "~/lib/review-state";
import { useOnChange } from "~/lib/use-on-change";

const COPY = REVIEW_ACTIONS["send-revision"];

/**
 * Asks for the comments of a revision request (required after trimming: checked here for a fast
 * answer, and again by the server, whose error is shown the same way).
 */
export function SendRevisionDialog({
  open,
  onOpenChange,
  busy,
  serverError,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  serverError?: string;
  onSubmit: (comments: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [comments, setComments] = useState("");
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);

  useOnChange(open, (isOpen) => {
    if (!isOpen) return;
    setComments("");
    setError(undefined);
  });
  useOnChange(serverError, (message) => {
    if (message) setError(message);
  });
  useEffect(() => {
    if (serverError) field.current?.focus();
  }, [serverError]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = sendRevisionSchema.safeParse({ comments });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    onSubmit(parsed.data.comments);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Send for revision</DialogTitle>
            <DialogDescription>Tell the writer what to change in this version.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>Comments</Label>
            <Textarea
              id={id}
              ref={field}
              name="comments"
              value={comments}
              onChange={(event) => {
                setComments(event.target.value);
                if (error && event.target.value.trim()) setError(undefined);
              }}
              placeholder="For example: shorten the introduction and add a section about prices."
              rows={6}
              className="max-h-72 min-h-32"
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              disabled={busy}
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              The version moves to 'In revision' and your comments are kept with it.
            </p>
            <FieldError id={errorId} error={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? COPY.busy : COPY.label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
