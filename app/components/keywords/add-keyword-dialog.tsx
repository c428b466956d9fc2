import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { canAddKeyword, normalizeKeyword } from "~/lib/keyword-rules";
import { useKeywordFetcher } from "./use-keyword-fetcher";
import { useOnChange } from "~/lib/use-on-change";

/**
 * 'Add Keyword': an existing keyword (trimmed, case-insensitive) is reused, otherwise created, then
 * linked to the page. The button is disabled while the value is blank after trimming; failures show
 * inline, success as a toast.
 */
export function AddKeywordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const errorId = `${id}-error`;
  const fetcher = useKeywordFetcher((result) => {
    if (result.ok) onOpenChange(false);
    else setError(result.error);
  });
  const busy = fetcher.state !== "idle";

  useOnChange(open, (isOpen) => {
    if (!isOpen) return;
    setValue("");
    setError(undefined);
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canAddKeyword(value) || busy) return;
    setError(undefined);
    fetcher.submit({ intent: "add", keyword: normalizeKeyword(value) }, { method: "post" });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4" noValidate>
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
                setError(undefined);
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
        </form>
      </DialogContent>
    </Dialog>
  );
}
