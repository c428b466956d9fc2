import { getFormProps } from "@conform-to/react";
import { FormField } from "~/components/form-field";
import type { PageItem } from "./pages-table";
import { SelectField } from "~/components/select-field";
import { SwitchField } from "~/components/switch-field";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FALLBACK_STATUS_ID } from "~/lib/page-rules";
import { pageFormSchema } from "~/lib/schemas/page";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../pages";

export type StatusOption = { id: number; name: string };

/**
 * The create/edit dialog of a page (spec part 2, sections 3, 5 and 8). It posts to the page list's action
 * (intent=create | update), which parses the same schema (pageFormSchema).
 */
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
  const fetcher = useToastFetcher<typeof action>((answer) => answer.ok && onDone());
  const [form, fields] = useSchemaForm(pageFormSchema, { fetcher });
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const saveError = !busy && answer && !answer.ok ? answer.error : null;
  const initialStatus = page ? page.status : FALLBACK_STATUS_ID;
  const status = String(statuses.some((s) => s.id === initialStatus) ? initialStatus : (statuses[0]?.id ?? FALLBACK_STATUS_ID));
  const site = siteUrl.replace(/\/+$/, "");
  const path = `/sites/${siteId}/pages`;

  return (
    <fetcher.Form method="post" action={path} {...getFormProps(form)} className="grid min-w-0 gap-5">
      <input type="hidden" name="intent" value={page ? "update" : "create"} />
      {page ? <input type="hidden" name="pageId" value={page.id} /> : null}

      {saveError ? (
        <Alert variant="destructive">
          <AlertDescription>{saveError}</AlertDescription>
        </Alert>
      ) : null}

      <FormField
        id={fields.name.id}
        label="Page name"
        name="name"
        defaultValue={page?.name ?? ""}
        placeholder="How to choose running shoes"
        required
        autoComplete="off"
        error={fields.name.errors?.[0]}
      />
      <FormField
        id={fields.url.id}
        label="Page URL"
        name="url"
        inputMode="url"
        defaultValue={page?.url ?? ""}
        placeholder={`${site}/blog/my-article`}
        required
        autoComplete="off"
        error={fields.url.errors?.[0]}
        hint={`A path such as /blog/my-article is added to ${site}; an address without http:// or https:// gets https://.`}
      />
      <SelectField
        id={fields.status.id}
        name="status"
        label="Status"
        options={statuses.map((s) => ({ value: String(s.id), label: s.name }))}
        defaultValue={status}
      />
      <div className="grid gap-4 rounded-lg border p-4">
        <SwitchField
          id={fields.hideCoverImageFromPreview.id}
          name="hideCoverImageFromPreview"
          label="Hide the cover image in previews"
          defaultChecked={page?.hideCoverImageFromPreview ?? false}
        />
      </div>

      <DialogFooter>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : page ? "Save changes" : "Create page"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
