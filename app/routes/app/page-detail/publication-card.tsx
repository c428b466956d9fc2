/**
 * Where the page stands on its site's WordPress (issue 15), on the page detail: not published, or draft /
 * private / published there, with the live version, when and by whom, and a link to the post; 'Publish to
 * WordPress' for the newest version; a publish under way; a failure with its reason and Retry, or, for a post
 * deleted on WordPress, 'Create it again'. Without a connection, the way to the site's Publishing screen.
 */
import { CircleAlert, ExternalLink, Loader2, Send } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { SourcesConfirmDialog, sourcesToConfirmOf, type SourceToConfirm } from "~/components/sources-confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import { NOT_APPROVED_YET, WORDPRESS_STATUS_LABELS } from "~/lib/publishing";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { PagePublication } from "~/models/publication.server";

export function PublicationCard({
  publication,
  latestVersionId,
  latestApproved,
}: {
  publication: PagePublication;
  latestVersionId: number | null;
  /** Whether the newest version is approved: the button says when it is not. */
  latestApproved: boolean;
}) {
  // Broken or unsupported sources (issue 40): the answer names them, and publishing asks to confirm.
  const [toConfirm, setToConfirm] = useState<SourceToConfirm[] | null>(null);
  const publishing = useToastFetcher((answer) => setToConfirm(sourcesToConfirmOf(answer)));
  const retrying = useToastFetcher();
  const { remote, lastRequest, connected } = publication;
  const webhook = publication.target === "webhook";
  const underWay = lastRequest?.state === "queued" || lastRequest?.state === "running";
  const failed = lastRequest?.state === "failed" ? lastRequest : null;
  const busy = publishing.state !== "idle" || retrying.state !== "idle";
  // What was asked when the answer asks to confirm: confirming asks the same again.
  const recreating = useRef(false);
  const publish = (recreate: boolean, confirmSources = false) => {
    if (!latestVersionId) return;
    recreating.current = recreate;
    publishing.submit(
      {
        intent: "publish",
        versionId: String(latestVersionId),
        ...(recreate ? { recreate: "on" } : {}),
        ...(confirmSources ? { confirmSources: "on" } : {}),
      },
      { method: "post" },
    );
  };

  return (
    <Card className="mb-6" aria-labelledby="wordpress-title">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Send className="size-5 text-primary" aria-hidden="true" />
          <h2 id="wordpress-title">{webhook ? "Webhook" : "WordPress"}</h2>
          <Badge variant={remote?.status === "publish" ? "default" : "outline"} data-testid="wordpress-status">
            {!remote
              ? "Not published"
              : webhook
                ? `Sent as ${(WORDPRESS_STATUS_LABELS[remote.status] ?? remote.status).toLowerCase()}`
                : `${WORDPRESS_STATUS_LABELS[remote.status] ?? remote.status} on WordPress`}
          </Badge>
        </CardTitle>
        <CardDescription>
          {remote ? (
            <>
              {remote.liveVersionId === latestVersionId ? "The newest version" : "An earlier version"}{" "}
              {webhook ? "was sent to the webhook" : "is on WordPress"}
              {remote.publishedAt ? `, published ${formatDateTime(remote.publishedAt)}` : ""}
              {remote.publishedBy ? ` by ${remote.publishedBy}` : ""}.
            </>
          ) : connected ? (
            "Not on the site yet: publishing sends the newest version with the site's settings."
          ) : (
            "The site's WordPress is not connected yet (nor a webhook)."
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {underWay ? (
          <p role="status" className="flex items-center gap-1.5 text-sm text-primary">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />{" "}
            {webhook ? "Sending to the webhook..." : "Publishing to WordPress..."}
          </p>
        ) : null}
        {failed ? (
          <div role="alert" className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="grid gap-2">
              <p>
                <span className="font-medium">The last publish failed. </span>
                {failed.error}
              </p>
              <div className="flex flex-wrap gap-2">
                {failed.postMissing ? (
                  <Button size="sm" variant="outline" disabled={busy || !latestVersionId} onClick={() => publish(true)}>
                    Create it again
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => retrying.submit({ intent: "retry-request", requestId: String(failed.id) }, { method: "post" })}
                  >
                    Retry
                  </Button>
                )}
              </div>
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {connected ? (
            <Button
              disabled={busy || underWay || !latestVersionId}
              onClick={() => publish(false)}
              title={latestVersionId ? undefined : "No version yet"}
              className="h-auto min-h-9 py-2 text-left whitespace-normal"
            >
              <Send aria-hidden="true" />{" "}
              {remote ? "Publish the newest version again" : webhook ? "Send to the webhook" : "Publish to WordPress"}
              {latestVersionId && !latestApproved ? ` ${NOT_APPROVED_YET}` : null}
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link to={`/sites/${publication.siteId}/publishing`}>Connect WordPress</Link>
            </Button>
          )}
          {remote?.link ? (
            <Button asChild variant="outline">
              <a href={remote.link} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" /> View the post
              </a>
            </Button>
          ) : null}
        </div>
        <SourcesConfirmDialog
          problems={toConfirm}
          busy={busy}
          onCancel={() => setToConfirm(null)}
          onConfirm={() => publish(recreating.current, true)}
        />
      </CardContent>
    </Card>
  );
}
