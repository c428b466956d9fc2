import { Check, ExternalLink, FlaskConical, Send, Undo2, XCircle } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { CopyButton } from "~/components/copy-button";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { formatDateTime } from "~/lib/format";
import { canApply, REVIEW_ACTIONS, reviewState, type ReviewFlags, type ReviewIntent } from "~/lib/review-state";
import { ReviewStateBadge } from "./review-state-badge";

/** What the panel shows of a version: its review state, the comments of its revision request, its public link. */
type PanelVersion = ReviewFlags & { commentsToModify: string | null; publicUrl: string };

/** The revision the request for changes started (issue 38): where it stands, when it is due, the version it wrote. */
type PanelRevision = {
  round: number;
  stage: "waiting" | "writing" | "failed" | "ready" | "cancelled";
  dueAt: string;
  revisedVersionId: number | null;
};

/** What happens next, in the owner's words, instead of a bare state. */
function RevisionNews({ revision }: { revision: PanelRevision }) {
  if (revision.stage === "ready" && revision.revisedVersionId !== null) {
    return (
      <p
        className="grid gap-1 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm"
        role="status"
        data-testid="revision-news"
      >
        <span className="font-medium">Revision round {revision.round} is ready.</span>
        <Link to={`/review/${revision.revisedVersionId}`} className="text-primary underline underline-offset-4">
          Review the revision
        </Link>
      </p>
    );
  }
  const due = formatDateTime(revision.dueAt);
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-sm" role="status" data-testid="revision-news">
      {revision.stage === "failed"
        ? `The revision is taking longer than planned; the team is on it (expected by ${due}).`
        : `The team is on it: revision expected by ${due}.`}
    </p>
  );
}

const BUTTONS: { intent: ReviewIntent; Icon: typeof Check; variant: "default" | "outline" }[] = [
  { intent: "approve", Icon: Check, variant: "default" },
  { intent: "send-revision", Icon: Send, variant: "outline" },
  { intent: "cancel-revision", Icon: Undo2, variant: "outline" },
  { intent: "cancel-approval", Icon: XCircle, variant: "outline" },
];

/**
 * The review state of the version and its four actions; only those the state allows are enabled.
 * While In revision, the comments of the request are shown read-only.
 */
export function ReviewPanel({
  version,
  demo,
  busyIntent,
  onAction,
  revision = null,
}: {
  version: PanelVersion;
  demo: boolean;
  busyIntent: ReviewIntent | null;
  onAction: (intent: ReviewIntent) => void;
  revision?: PanelRevision | null;
}) {
  const commentsId = useId();
  const state = reviewState(version);
  return (
    <Card className="gap-5 p-5" aria-labelledby={`${commentsId}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${commentsId}-title`} className="text-sm font-medium text-muted-foreground">
          Review state
        </h2>
        <ReviewStateBadge state={state} />
      </div>
      {demo ? (
        <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
          <FlaskConical aria-hidden="true" className="size-4 shrink-0" /> Demo article
        </p>
      ) : null}

      <div className="grid gap-2" role="group" aria-label="Review actions">
        {BUTTONS.map(({ intent, Icon, variant }) => {
          const copy = REVIEW_ACTIONS[intent];
          const busy = busyIntent === intent;
          return (
            <Button
              key={intent}
              variant={variant}
              className="w-full justify-start"
              disabled={!canApply(version, intent) || busyIntent !== null}
              onClick={() => onAction(intent)}
            >
              {busy ? <Spinner /> : <Icon aria-hidden="true" />}
              {busy ? copy.busy : copy.label}
            </Button>
          );
        })}
      </div>

      {state === "In revision" && revision ? <RevisionNews revision={revision} /> : null}

      {state === "In revision" ? (
        <div className="grid gap-2">
          <Label htmlFor={commentsId}>Revision comments</Label>
          <Textarea id={commentsId} readOnly value={version.commentsToModify ?? ""} className="max-h-60 min-h-24 bg-muted/50 text-sm" />
        </div>
      ) : null}

      <div className="grid gap-2 border-t pt-4">
        <Label htmlFor={`${commentsId}-link`}>Public link</Label>
        <div className="flex items-center gap-1">
          <Input
            id={`${commentsId}-link`}
            readOnly
            value={version.publicUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="h-8 min-w-0 flex-1 bg-muted/50 font-mono text-xs"
            aria-describedby={`${commentsId}-link-help`}
          />
          <CopyButton text={version.publicUrl} label="Copy the public link" toastTitle="Link copied" />
        </div>
        <p id={`${commentsId}-link-help`} className="text-xs text-muted-foreground">
          {demo
            ? "This demo article is public: it is listed on the home page and in the sitemap."
            : "Anyone with this link can read this version. It is not listed, and search engines do not index it."}
        </p>
        <Button asChild variant="link" className="h-auto justify-start p-0">
          <a href={version.publicUrl} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" /> Open the public view<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </Card>
  );
}
