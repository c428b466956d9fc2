import { getFormProps } from "@conform-to/react";
import { FileCode2, FileText, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { useOnChange } from "~/lib/use-on-change";
import { clearFieldError, useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { cn } from "~/lib/utils";
import type { action } from "../page-versions";
import type { VersionsFetcher } from "./types";
import { addHtmlSchema, HTML_MAX_LENGTH, type ContentFormat } from "./version-forms";

const FORMATS: { value: ContentFormat; label: string; hint: string; icon: typeof FileCode2 }[] = [
  { value: "html", label: "HTML", hint: "Saved as you paste it", icon: FileCode2 },
  { value: "markdown", label: "Markdown", hint: "Converted to HTML when saved", icon: FileText },
];

const PLACEHOLDERS: Record<ContentFormat, string> = {
  html: "<h1>Article title</h1>\n<p>The first paragraph of the article…</p>\n<h2>A section</h2>\n<ul>\n  <li>A point</li>\n</ul>",
  markdown: "# Article title\n\nThe first paragraph of the article…\n\n## A section\n\n- A point\n- **Another** point",
};

/**
 * 'Add version from HTML': the team pastes an article (HTML, or Markdown converted on the server)
 * and saves it as a new version of the page, which becomes the active one. This is how the first
 * version is written while no language model is configured. The form posts intent=add-html, format
 * and content to the page versions action, which parses the same schema (addHtmlSchema).
 */
export function AddHtmlDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (versionId: number) => void;
}) {
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if (answer.ok && answer.intent === "add-html") {
      onCreated(answer.versionId);
      onOpenChange(false);
    }
  });
  const busy = fetcher.state !== "idle";
  // A fresh form each time the dialog opens (its fields, and no answer of an earlier opening).
  const [opening, setOpening] = useState(0);
  useOnChange(open, (isOpen) => {
    if (isOpen) setOpening((n) => n + 1);
  });
  const change = (next: boolean) => {
    if (busy) return;
    if (!next && fetcher.data !== undefined) fetcher.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-3xl">
        <AddHtmlForm key={opening} fetcher={fetcher} onCancel={() => change(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AddHtmlForm({ fetcher, onCancel }: { fetcher: VersionsFetcher; onCancel: () => void }) {
  const [format, setFormat] = useState<ContentFormat>("html");
  const [content, setContent] = useState("");
  const [form, fields] = useSchemaForm(addHtmlSchema, { fetcher });
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  const contentId = fields.content.id;
  const errorId = fields.content.errorId;
  const hintId = `${contentId}-hint`;
  const error = fields.content.errors?.[0];

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    setContent(text);
    clearFieldError(form, "content");
    if (/\.(md|markdown)$/i.test(file.name)) setFormat("markdown");
    else if (/\.html?$/i.test(file.name)) setFormat("html");
  };

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value="add-html" />
      <DialogHeader>
        <DialogTitle>Add version from HTML</DialogTitle>
        <DialogDescription>Paste the article below. It is saved as a new version of this page and shown right away.</DialogDescription>
      </DialogHeader>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Format</legend>
        <div className="grid grid-cols-2 gap-2 sm:max-w-md">
          {FORMATS.map(({ value, label, hint, icon: Icon }) => {
            const checked = format === value;
            return (
              <label
                key={value}
                className={cn(
                  "relative flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                  checked ? "border-primary bg-primary/5" : "hover:bg-muted/60",
                )}
              >
                <input
                  type="radio"
                  name="format"
                  value={value}
                  checked={checked}
                  onChange={() => setFormat(value)}
                  aria-label={label}
                  aria-describedby={`${contentId}-${value}-hint`}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0"
                />
                <Icon className={cn("size-5 shrink-0", checked ? "text-primary" : "text-muted-foreground")} aria-hidden="true" />
                <span className="grid">
                  <span className="text-sm font-medium">{label}</span>
                  <span id={`${contentId}-${value}-hint`} className="text-xs text-muted-foreground">
                    {hint}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-2">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <Label htmlFor={contentId}>{format === "html" ? "HTML content" : "Markdown content"}</Label>
          <input
            ref={fileInput}
            type="file"
            accept=".html,.htm,.md,.markdown,.txt,text/html,text/markdown,text/plain"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              void loadFile(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden="true" /> Load from a file
          </Button>
        </div>
        <Textarea
          id={contentId}
          name="content"
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            clearFieldError(form, "content");
          }}
          placeholder={PLACEHOLDERS[format]}
          spellCheck={format === "markdown"}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(" ")}
          className="field-sizing-fixed h-[45vh] min-h-64 resize-y font-mono text-[13px] leading-relaxed"
        />
        <div className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
          <span id={hintId}>Scripts and unsafe attributes are never shown: every view of the article is sanitized.</span>
          <span>
            {content.length.toLocaleString("en-US")} / {HTML_MAX_LENGTH.toLocaleString("en-US")} characters
          </span>
        </div>
        <FieldError id={errorId} error={error} />
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {busy ? "Saving..." : "Save as new version"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
