import { getFormProps } from "@conform-to/react";
import { Plus } from "lucide-react";
import { useState } from "react";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { canAddKeyword } from "~/lib/keyword-rules";
import { useOnChange } from "~/lib/use-on-change";
import { clearFieldError, useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../keywords";
import { addKeywordSchema } from "./keyword-form";

/**
 * 'Add Keyword': an existing keyword (trimmed, case-insensitive) is reused, otherwise created, then
 * linked to the page. The button is disabled while the value is blank after trimming; failures show
 * inline, success as a toast. It posts intent=add to the keywords action, which parses the same schema
 * (keyword-form.ts).
 */
export function AddKeywordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Each opening starts afresh: an empty field, no earlier answer.
  const [opening, setOpening] = useState(0);
  useOnChange(open, (isOpen) => {
    if (isOpen) setOpening((count) => count + 1);
  });
  return <KeywordDialog key={opening} open={open} onOpenChange={onOpenChange} />;
}

function KeywordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [value, setValue] = useState("");
  // A failure the action answered without a field error of conform's (a missing page, a failed step).
  const [failure, setFailure] = useState<string | undefined>();
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if (answer.ok) onOpenChange(false);
    else if (answer.intent === "add") setFailure(answer.error);
  });
  const [form, fields] = useSchemaForm(addKeywordSchema, { fetcher });
  const busy = fetcher.state !== "idle";
  const id = fields.keyword.id;
  const errorId = `${id}-error`;
  const error = failure ?? fields.keyword.errors?.[0];
  const formProps = getFormProps(form);

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <fetcher.Form
          method="post"
          {...formProps}
          onSubmit={(event) => {
            if (!canAddKeyword(value) || busy) {
              event.preventDefault();
              return;
            }
            setFailure(undefined);
            formProps.onSubmit(event);
          }}
          className="grid gap-4"
        >
          <input type="hidden" name="intent" value="add" />
          <DialogHeader>
            <DialogTitle>Add Keyword</DialogTitle>
            <DialogDescription>An existing keyword is reused; otherwise it is created, then linked to this page.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>Keyword</Label>
            <Input
              id={id}
              name="keyword"
              value={value}
              autoComplete="off"
              maxLength={500}
              placeholder="e.g. organic gardening"
              onChange={(event) => {
                setValue(event.target.value);
                setFailure(undefined);
                clearFieldError(form, "keyword");
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <FieldError id={errorId} error={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canAddKeyword(value) || busy}>
              {busy ? <Spinner /> : <Plus aria-hidden="true" />}
              Add Keyword
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
