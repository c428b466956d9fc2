import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormField } from "~/components/form-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SwitchField } from "~/components/switch-field";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { notify } from "~/lib/notify";
import { FALLBACK_STATUS_ID, PAGE_MESSAGES, pageFormSchema, pageFormValues } from "~/lib/page-rules";
import { fieldErrors as toFieldErrors, type FieldErrors } from "~/lib/schemas/form";
import type { PageActionResult, PageItem, StatusOption } from "./types";

/** The create/edit dialog of a page (spec part 2, sections 3, 5 and 8). */
export function PageDialog({
  open,
  onOpenChange,
  page,
  siteId,
  siteUrl,
  statuses,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  page: PageItem | null;
  siteId: number;
  siteUrl: string;
  statuses: StatusOption[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{page ? "Edit page" : "New page"}</DialogTitle>
          <DialogDescription>{page ? `Change the details of "${page.name}".` : "Add a page (an article) to this site."}</DialogDescription>
        </DialogHeader>
        {open ? (
          <PageForm
            key={page?.id ?? "new"}
            page={page}
            siteId={siteId}
            siteUrl={siteUrl}
            statuses={statuses}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PageForm({
  page,
  siteId,
  siteUrl,
  statuses,
  onDone,
}: {
  page: PageItem | null;
  siteId: number;
  siteUrl: string;
  statuses: StatusOption[];
  onDone: () => void;
}) {
  const fetcher = useFetcher<PageActionResult>();
  const busy = fetcher.state !== "idle";
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const initialStatus = page ? page.status : FALLBACK_STATUS_ID;
  const [status, setStatus] = useState(
    String(statuses.some((s) => s.id === initialStatus) ? initialStatus : (statuses[0]?.id ?? FALLBACK_STATUS_ID)),
  );
  const [hideCover, setHideCover] = useState(page?.hideCoverImageFromPreview ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.toast) notify(result.toast);
    if (result.ok) onDone();
    else {
      setSaveError(result.error ?? (page ? PAGE_MESSAGES.updateFailed : PAGE_MESSAGES.createFailedInline));
      setErrors(result.errors ?? {});
    }
    // Each answer is handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = pageFormSchema.safeParse(pageFormValues(form));
    if (!parsed.success) {
      const found = toFieldErrors(parsed.error);
      setErrors(found);
      setSaveError(null);
      const first = Object.keys(found)[0];
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSaveError(null);
    fetcher.submit(form, { method: "post", action: `/sites/${siteId}/pages` });
  }

  const fieldId = (name: string) => `${formId}-${name}`;
  const site = siteUrl.replace(/\/+$/, "");

  return (
    <form ref={formRef} method="post" action={`/sites/${siteId}/pages`} noValidate onSubmit={onSubmit} className="grid min-w-0 gap-5">
      <input type="hidden" name="intent" value={page ? "update" : "create"} />
      {page ? <input type="hidden" name="pageId" value={page.id} /> : null}
      <input type="hidden" name="status" value={status} />
      {hideCover ? <input type="hidden" name="hideCoverImageFromPreview" value="on" /> : null}

      {saveError ? (
        <Alert variant="destructive">
          <AlertDescription>{saveError}</AlertDescription>
        </Alert>
      ) : null}

      <FormField
        id={fieldId("name")}
        label="Page name"
        name="name"
        defaultValue={page?.name ?? ""}
        placeholder="How to choose running shoes"
        required
        autoComplete="off"
        error={errors.name}
      />
      <FormField
        id={fieldId("url")}
        label="Page URL"
        name="url"
        inputMode="url"
        defaultValue={page?.url ?? ""}
        placeholder={`${site}/blog/my-article`}
        required
        autoComplete="off"
        error={errors.url}
        hint={`A path such as /blog/my-article is added to ${site}; an address without http:// or https:// gets https://.`}
      />
      <div className="grid gap-2">
        <Label id={fieldId("status-label")}>Status</Label>
        <Select value={status} onValueChange={setStatus}>
          <SelectTrigger className="w-full" aria-labelledby={fieldId("status-label")}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {statuses.map((s) => (
              <SelectItem key={s.id} value={String(s.id)}>
                {s.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-4 rounded-lg border p-4">
        <SwitchField id={fieldId("hideCover")} label="Hide the cover image in previews" checked={hideCover} onChange={setHideCover} />
      </div>

      <DialogFooter>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : page ? "Save changes" : "Create page"}
        </Button>
      </DialogFooter>
    </form>
  );
}
