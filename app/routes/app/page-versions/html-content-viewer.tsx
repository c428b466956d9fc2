import type { SubmissionResult } from "@conform-to/react";
import { Code2, Download, Eye, GitCompareArrows, Pencil, Save, Send, X } from "lucide-react";
import { useId, useState } from "react";
import { useParams } from "react-router";
import { ArticleHtml } from "~/components/article-html";
import { SourcesConfirmDialog, sourcesToConfirmOf, type SourceToConfirm } from "~/components/sources-confirm-dialog";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { canCompare, canEdit, canToggleView, defaultCompareId, type ViewerMode } from "~/lib/version-rules";
import { cn } from "~/lib/utils";
import { ARTICLE_META_DESCRIPTION_MAX } from "~/lib/constants";
import { NOT_APPROVED_YET } from "~/lib/publishing";
import { CodeEditor } from "./code-editor";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action as pageDetailAction } from "../page-detail";
import type { action } from "../page-versions";
import type { ScreenVersion } from "./types";
import { VERSION_TEXTS } from "./version-forms";
import { VersionDiff } from "./version-diff";

/**
 * The HTML's own message in a refused save (conform's result, as the action gives it for a refused form).
 * Read by hand: the editor is no form of conform's, and the answer's type cannot tell a refused form from
 * the action's other failures (TypeScript merges their types).
 */
const fieldError = (answer: object, field: "html" | "metaDescription") =>
  (answer as { result?: SubmissionResult<string[]> }).result?.error?.[field]?.[0];

export type SourceView = "rendered" | "code";
/** The version being edited: its HTML and its meta description as they are being changed. */
export type Editing = { versionId: number; draft: string; description: string };

/**
 * The HTML Content viewer of the active version: rendered (the sanitized HTML from the loader) or
 * code (the stored source, as text); Edit opens the HTML in a code editor whose 'Modify' saves a NEW
 * version; Compare Versions shows a side-by-side line diff with another version. Edit and compare
 * exclude each other, and the rendered/code toggle waits while either is open.
 */
export function HtmlContentViewer({
  versions,
  active,
  mode,
  view,
  editing,
  compareId,
  onViewChange,
  onStartEdit,
  onDraftChange,
  onDescriptionChange,
  onCancelEdit,
  onSaved,
  onToggleCompare,
  onCompareChange,
  onAddHtml,
}: {
  versions: ScreenVersion[];
  active: ScreenVersion | null;
  mode: ViewerMode;
  view: SourceView;
  editing: Editing | null;
  compareId: number | null;
  onViewChange: (view: SourceView) => void;
  onStartEdit: () => void;
  onDraftChange: (draft: string) => void;
  onDescriptionChange: (description: string) => void;
  onCancelEdit: () => void;
  onSaved: (newVersionId: number) => void;
  onToggleCompare: () => void;
  onCompareChange: (id: number) => void;
  onAddHtml: () => void;
}) {
  const [error, setError] = useState<string | undefined>();
  const [descriptionError, setDescriptionError] = useState<string | undefined>();
  const errorId = useId();
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if (answer.ok && answer.intent === "save-edit") {
      setError(undefined);
      setDescriptionError(undefined);
      onSaved(answer.versionId);
    } else {
      setError(fieldError(answer, "html"));
      setDescriptionError(fieldError(answer, "metaDescription"));
    }
  });
  const saving = fetcher.state !== "idle";
  const toggleEnabled = canToggleView(mode);
  const compareEnabled = canCompare(versions.length, mode);
  const editEnabled = canEdit(active !== null, mode);

  const save = () => {
    if (!editing) return;
    const tooLong = oneLine(editing.description).length > ARTICLE_META_DESCRIPTION_MAX;
    setDescriptionError(tooLong ? VERSION_TEXTS.descriptionTooLong : undefined);
    setError(editing.draft.trim() === "" ? VERSION_TEXTS.emptyContent : undefined);
    if (tooLong || editing.draft.trim() === "") return;
    fetcher.submit(
      { intent: "save-edit", versionId: String(editing.versionId), html: editing.draft, metaDescription: editing.description },
      { method: "post" },
    );
  };

  return (
    <section aria-labelledby="html-content-title" className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id="html-content-title" className="font-semibold">
            HTML Content
          </h2>
          <p className="truncate text-sm text-muted-foreground" data-testid="active-version">
            {active ? active.label : VERSION_TEXTS.noVersions}
            {mode === "edit" ? " · editing" : mode === "compare" ? " · comparing" : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="View" className="inline-flex rounded-lg bg-muted p-[3px]">
            {(
              [
                { value: "rendered", label: "Rendered", icon: Eye },
                { value: "code", label: "Code", icon: Code2 },
              ] as const
            ).map(({ value, label, icon: Icon }) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                disabled={!toggleEnabled || !active}
                onClick={() => onViewChange(value)}
                className={cn(
                  "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50",
                  view === value ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
                )}
              >
                <Icon className="size-4" aria-hidden="true" /> {label}
              </button>
            ))}
          </div>
          {mode === "edit" ? (
            <>
              <Button type="button" variant="outline" size="sm" onClick={onCancelEdit} disabled={saving}>
                <X aria-hidden="true" /> Cancel
              </Button>
              <Button type="button" size="sm" onClick={save} disabled={saving}>
                {saving ? <Spinner /> : <Save aria-hidden="true" />}
                {saving ? "Saving..." : "Modify"}
              </Button>
            </>
          ) : (
            <>
              <Button
                type="button"
                variant={mode === "compare" ? "secondary" : "outline"}
                size="sm"
                aria-pressed={mode === "compare"}
                disabled={!compareEnabled}
                title={versions.length < 2 ? "Comparing needs at least 2 versions" : undefined}
                onClick={onToggleCompare}
              >
                <GitCompareArrows aria-hidden="true" /> Compare Versions
              </Button>
              <Button type="button" variant="outline" size="sm" disabled={!editEnabled} onClick={onStartEdit}>
                <Pencil aria-hidden="true" /> Edit
              </Button>
              {active ? <PublishVersionButton versionId={active.id} approved={active.approved} /> : null}
              {active ? <DownloadLinks versionId={active.id} /> : null}
            </>
          )}
        </div>
      </div>

      <div className="p-4 sm:p-5">
        {!active ? (
          <EmptyViewer onAddHtml={onAddHtml} />
        ) : mode === "edit" && editing ? (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              Editing the HTML of {active.label}. <strong className="font-medium text-foreground">Modify</strong> saves it as a new version;
              this one stays in the history.
            </p>
            <MetaDescriptionField
              value={editing.description}
              fromText={active.descriptionFromText}
              error={descriptionError}
              onChange={(description) => {
                onDescriptionChange(description);
                if (descriptionError) setDescriptionError(undefined);
              }}
            />
            <CodeEditor
              key={editing.versionId}
              value={editing.draft}
              onChange={(draft) => {
                onDraftChange(draft);
                if (error) setError(undefined);
              }}
              label="HTML code"
              autoFocus
              className={cn("min-h-80", error && "border-destructive")}
            />
            <FieldError id={errorId} error={error} />
          </div>
        ) : mode === "compare" ? (
          <CompareView versions={versions} active={active} compareId={compareId} onCompareChange={onCompareChange} />
        ) : (
          <div className="grid gap-4">
            <MetaDescriptionLine version={active} />
            {view === "code" ? (
              <CodeEditor value={active.htmlContent} readOnly label="HTML source" className="max-h-[75vh] overflow-auto" />
            ) : active.safeHtml.trim() === "" ? (
              <p className="py-10 text-center text-sm text-muted-foreground">
                This version has no content to show. Open the code view to see its source.
              </p>
            ) : (
              <div className="rounded-lg border bg-background px-5 py-6 sm:px-8">
                <ArticleHtml html={active.safeHtml} className="mx-auto max-w-3xl" />
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** A description as it is saved: one line (the server folds the spaces the same way). */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The active version's meta description (issue 15), as search engines and WordPress will show it, with its
 * length; a version without one says that the start of its text stands in.
 */
function MetaDescriptionLine({ version }: { version: ScreenVersion }) {
  const own = version.metaDescription;
  return (
    <div className="rounded-lg border border-dashed px-4 py-3" data-testid="meta-description">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="text-sm font-medium">Meta description</h3>
        <span className="text-xs text-muted-foreground tabular-nums">
          {own ? `${own.length}/${ARTICLE_META_DESCRIPTION_MAX}` : "From the text"}
        </span>
      </div>
      {own ? (
        <p className="mt-1 text-sm break-words">{own}</p>
      ) : (
        <p className="mt-1 text-sm break-words text-muted-foreground">
          {version.descriptionFromText ? (
            <>
              None written: the start of the text stands in: <span className="italic">{version.descriptionFromText}</span>
            </>
          ) : (
            "None written, and the version has no text to take one from."
          )}
        </p>
      )}
      <p className="mt-1 text-xs text-muted-foreground">Sent as the excerpt when published. Edit the version to change it.</p>
    </div>
  );
}

/** The meta description in the editor: one line of at most 160 characters, counted as it is typed. */
function MetaDescriptionField({
  value,
  fromText,
  error,
  onChange,
}: {
  value: string;
  fromText: string | null;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const length = oneLine(value).length;
  const over = length > ARTICLE_META_DESCRIPTION_MAX;
  return (
    <div className="mt-2 mb-3 grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={inputId}>Meta description</Label>
        <span className={cn("text-xs tabular-nums", over ? "font-medium text-destructive" : "text-muted-foreground")} aria-live="polite">
          {length}/{ARTICLE_META_DESCRIPTION_MAX}
        </span>
      </div>
      <Textarea
        id={inputId}
        value={value}
        rows={2}
        placeholder={fromText ?? "What the reader will learn, in one or two sentences"}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="resize-y"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        Shown by search engines under the title, and sent as the post's excerpt. Left empty, the start of the text stands in.
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function CompareView({
  versions,
  active,
  compareId,
  onCompareChange,
}: {
  versions: ScreenVersion[];
  active: ScreenVersion;
  compareId: number | null;
  onCompareChange: (id: number) => void;
}) {
  const selectId = useId();
  const chosen = compareId !== null && compareId !== active.id ? compareId : defaultCompareId(versions, active.id);
  const previous = versions.find((v) => v.id === chosen) ?? null;
  const others = versions.filter((v) => v.id !== active.id);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Label htmlFor={selectId}>Compare with</Label>
        <Select value={previous ? String(previous.id) : ""} onValueChange={(value) => onCompareChange(Number(value))}>
          <SelectTrigger id={selectId} className="min-w-64">
            <SelectValue placeholder="Choose a version" />
          </SelectTrigger>
          <SelectContent>
            {others.map((v) => (
              <SelectItem key={v.id} value={String(v.id)}>
                {v.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {previous ? (
        <VersionDiff
          previous={previous.htmlContent}
          current={active.htmlContent}
          previousLabel={previous.label}
          currentLabel={active.label}
        />
      ) : (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-4 py-6 text-sm text-destructive">
          {VERSION_TEXTS.versionNotFound}
        </p>
      )}
    </div>
  );
}

function EmptyViewer({ onAddHtml }: { onAddHtml: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-14 text-center">
      <div className="grid size-12 place-items-center rounded-full bg-primary/10">
        <Code2 className="size-6 text-primary" aria-hidden="true" />
      </div>
      <p className="font-medium">This page has no version yet</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        Paste the article's HTML or Markdown to write its first version. It will show here, rendered or as code.
      </p>
      <Button type="button" onClick={onAddHtml}>
        Write the first version
      </Button>
    </div>
  );
}

/** The active version as a file (issue 15): HTML or Markdown, for a site that does not run WordPress. */
function DownloadLinks({ versionId }: { versionId: number }) {
  const { siteId, pageId } = useParams();
  const base = `/sites/${siteId}/pages/${pageId}/page-versions/${versionId}/download`;
  return (
    <div role="group" aria-label="Download this version" className="inline-flex gap-1">
      <Button asChild variant="outline" size="sm">
        <a href={`${base}?format=html`} download aria-label="Download this version as HTML">
          <Download aria-hidden="true" /> HTML
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={`${base}?format=markdown`} download aria-label="Download this version as Markdown">
          <Download aria-hidden="true" /> Markdown
        </a>
      </Button>
    </div>
  );
}

/**
 * 'Publish to WordPress' for the version shown (issue 15): posts the page detail's publish intent; the toast says
 * it is queued, or why not (no connection, a publish under way). The page detail shows where it stands.
 */
function PublishVersionButton({ versionId, approved }: { versionId: number; approved: boolean }) {
  const { siteId, pageId } = useParams();
  // Broken or unsupported sources (issue 40): the answer names them, and publishing asks to confirm.
  const [toConfirm, setToConfirm] = useState<SourceToConfirm[] | null>(null);
  const fetcher = useToastFetcher<typeof pageDetailAction>((answer) => setToConfirm(sourcesToConfirmOf(answer)));
  const busy = fetcher.state !== "idle";
  const publish = (confirmSources: boolean) =>
    fetcher.submit(
      { intent: "publish", versionId: String(versionId), ...(confirmSources ? { confirmSources: "on" } : {}) },
      { method: "post", action: `/sites/${siteId}/pages/${pageId}` },
    );
  return (
    <>
      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => publish(false)}>
        <Send aria-hidden="true" /> {busy ? "Queuing..." : `Publish to WordPress${approved ? "" : ` ${NOT_APPROVED_YET}`}`}
      </Button>
      <SourcesConfirmDialog problems={toConfirm} busy={busy} onCancel={() => setToConfirm(null)} onConfirm={() => publish(true)} />
    </>
  );
}
