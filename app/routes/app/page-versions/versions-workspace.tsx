import { useEffect, useState } from "react";
import { activeAfterDelete, activeVersion, type ViewerMode } from "~/lib/version-rules";
import { DeleteVersionDialog } from "./delete-version-dialog";
import { EarlierTexts } from "./earlier-texts";
import { HtmlContentViewer, type Editing, type SourceView } from "./html-content-viewer";
import { ModifyVersionsForm } from "./modify-versions-form";
import type { ScreenVersion, VersionsFetcher } from "./types";
import { VersionsTable } from "./versions-table";

/**
 * The three sections of the page versions screen around one active version: the Modify Versions
 * form, the Page Versions table and the HTML Content viewer. The newest version is active on load;
 * clicking a row activates it; a new version (added or saved from the editor) becomes active.
 */
export function VersionsWorkspace({
  versions,
  chosenId,
  onChoose,
  onEditingChange,
  onAddHtml,
  restore,
}: {
  versions: ScreenVersion[];
  /** The screen's fetcher for restoring an earlier text (see EarlierTexts). */
  restore: VersionsFetcher;
  chosenId: number | null;
  onChoose: (id: number | null) => void;
  onEditingChange: (editing: boolean) => void;
  onAddHtml: () => void;
}) {
  const active = activeVersion(versions, chosenId);
  const [view, setView] = useState<SourceView>("rendered");
  const [editing, setEditing] = useState<Editing | null>(null);
  const [comparing, setComparing] = useState(false);
  const [compareId, setCompareId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<ScreenVersion | null>(null);

  // Comparison needs 2 versions: with fewer (after a deletion) the viewer goes back to viewing.
  const mode: ViewerMode = editing ? "edit" : comparing && versions.length >= 2 ? "compare" : "view";

  useEffect(() => onEditingChange(editing !== null), [editing, onEditingChange]);

  return (
    // Reading order: choose a version, see it, ask for changes. On wide screens the table and the
    // form share the first row and the viewer takes the full width below them.
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section
        aria-labelledby="page-versions-title"
        className="flex min-w-0 flex-col rounded-xl border bg-card shadow-sm lg:col-start-1 lg:row-start-1"
      >
        <div className="flex items-baseline justify-between gap-2 border-b px-4 py-3 sm:px-5">
          <h2 id="page-versions-title" className="font-semibold">
            Page Versions
          </h2>
          <span className="text-sm text-muted-foreground">
            {versions.length} {versions.length === 1 ? "version" : "versions"}
          </span>
        </div>
        {editing ? (
          <p className="border-b bg-amber-50 px-4 py-2 text-xs text-amber-900 sm:px-5 dark:bg-amber-950/40 dark:text-amber-100">
            Finish or cancel editing to switch versions.
          </p>
        ) : null}
        <VersionsTable
          versions={versions}
          activeId={active?.id ?? null}
          onSelect={(id) => onChoose(id)}
          onDelete={setToDelete}
          locked={editing !== null}
          lockedId={editing?.versionId ?? null}
        />
      </section>

      <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2 lg:row-start-2">
        <HtmlContentViewer
          versions={versions}
          active={active}
          mode={mode}
          view={view}
          editing={editing}
          compareId={compareId}
          onViewChange={setView}
          onStartEdit={() => {
            if (!active) return;
            setComparing(false);
            setEditing({ versionId: active.id, draft: active.htmlContent, description: active.metaDescription ?? "" });
          }}
          onDraftChange={(draft) => setEditing((e) => (e ? { ...e, draft } : e))}
          onDescriptionChange={(description) => setEditing((e) => (e ? { ...e, description } : e))}
          onCancelEdit={() => setEditing(null)}
          onSaved={(id) => {
            // The saved HTML is a new version: it becomes active and the view switches to rendered.
            setEditing(null);
            setView("rendered");
            onChoose(id);
          }}
          onToggleCompare={() => {
            setComparing((c) => !c);
            setCompareId(null);
          }}
          onCompareChange={setCompareId}
          onAddHtml={onAddHtml}
        />
        {active && active.historyCount > 0 ? <EarlierTexts key={active.id} version={active} restore={restore} /> : null}
      </div>

      <section
        aria-labelledby="modify-versions-title"
        className="min-w-0 rounded-xl border bg-card shadow-sm lg:col-start-2 lg:row-start-1"
      >
        <div className="border-b px-4 py-3 sm:px-5">
          <h2 id="modify-versions-title" className="font-semibold">
            Modify Versions
          </h2>
          <p className="text-sm text-muted-foreground">Ask for changes to the active version.</p>
        </div>
        <div className="p-4 sm:p-5">
          <ModifyVersionsForm versions={versions} active={active} />
        </div>
      </section>

      <DeleteVersionDialog
        version={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(id) => onChoose(activeAfterDelete(versions, active?.id ?? null, id))}
      />
    </div>
  );
}
