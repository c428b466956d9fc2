/**
 * Publishing a version whose sources are broken or do not support their sentence asks first (issue 40), naming them:
 * the publish answer (the page detail's publish intent) carries `sourcesToConfirm`, and confirming posts again with
 * confirmSources=on. Used wherever a version can be published: the page detail and the version viewer.
 */
import { ConfirmDeleteDialog } from "~/components/confirm-dialog";

export type SourceToConfirm = { url: string; claim: string | null; verdict: string };

/** The sources a publish answer asks to confirm; null when it asks nothing. */
export function sourcesToConfirmOf(answer: unknown): SourceToConfirm[] | null {
  const problems = answer && typeof answer === "object" && "sourcesToConfirm" in answer ? answer.sourcesToConfirm : null;
  return Array.isArray(problems) ? (problems as SourceToConfirm[]) : null;
}

export function SourcesConfirmDialog({
  problems,
  busy,
  onCancel,
  onConfirm,
}: {
  problems: SourceToConfirm[] | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDeleteDialog
      open={problems !== null}
      title="Publish with sources that do not hold?"
      description={
        <span className="grid gap-2">
          <span>These sources are broken or do not support their sentence:</span>
          <span className="grid gap-1" role="list">
            {(problems ?? []).map((problem) => (
              <span key={`${problem.url} ${problem.claim}`} role="listitem" className="block text-xs break-all">
                <strong>{problem.verdict === "broken" ? "Broken link" : "Not supported"}</strong>: {problem.claim ?? problem.url} (
                {problem.url})
              </span>
            ))}
          </span>
        </span>
      }
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      labels={{ cancel: "Cancel", confirm: "Publish anyway", busy: "Queuing..." }}
    />
  );
}
