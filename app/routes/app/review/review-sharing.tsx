import { CheckCircle2, Link2, MessageSquare, MessageSquareWarning } from "lucide-react";
import { useState } from "react";
import { CopyButton } from "~/components/copy-button";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/lib/format";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action, loader } from "../review";

type LoaderData = Awaited<ReturnType<typeof loader>>;
type ScreenLink = LoaderData["links"][number];
type ScreenComment = LoaderData["comments"][number];

const KINDS = {
  comment: { label: "commented", Icon: MessageSquare },
  approved: { label: "approved the article", Icon: CheckCircle2 },
  changes: { label: "asked for changes", Icon: MessageSquareWarning },
} as const;

/**
 * Sharing a version for review (issue 16): a link that needs no account, shown once when it is made (only its
 * hash is kept), the links made so far with their expiry and a way to revoke them, and what the reviewers said.
 */
export function ReviewSharing({ links: loaded, comments }: { links: ScreenLink[]; comments: ScreenComment[] }) {
  const [links, setLinks] = useState(loaded);
  const [url, setUrl] = useState<string | null>(null);
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if ("links" in answer) setLinks(answer.links);
    if ("url" in answer) setUrl(answer.url);
  });
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const live = links.filter((link) => link.active);

  return (
    <>
      <Card className="mt-4 gap-3 p-4" aria-labelledby="sharing-title">
        <h2 id="sharing-title" className="flex items-center gap-2 font-semibold">
          <Link2 aria-hidden="true" className="size-4" /> Share for review
        </h2>
        <p className="text-sm text-muted-foreground">
          Anyone with the link reads the page&apos;s newest version, comments on it and approves it or asks for changes, without an account.
          The link follows the page: after a revision it shows the new round and what changed. A link works for 14 days.
        </p>
        {url ? (
          <div className="grid gap-1.5">
            <label htmlFor="review-link-url" className="text-sm font-medium">
              New link (copy it now: it is shown once)
            </label>
            <div className="flex items-center gap-1">
              <Input id="review-link-url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="text-xs" />
              <CopyButton text={url} label="Copy the review link" toastTitle="Link copied" />
            </div>
          </div>
        ) : null}
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="share" />
          <Button type="submit" variant="outline" className="w-full" disabled={busy === "share"}>
            {busy === "share" ? <Spinner /> : <Link2 aria-hidden="true" />} Create a review link
          </Button>
        </fetcher.Form>
        {links.length ? (
          <ul className="grid gap-2 text-sm" aria-label="Review links">
            {links.map((link) => (
              <li key={link.id} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
                <span className="min-w-0">
                  <span className="block">Made {formatDateTime(link.createdAt)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {link.revoked ? "Revoked" : link.active ? `Works until ${formatDateTime(link.expiresAt)}` : "Expired"}
                  </span>
                </span>
                {link.active ? (
                  <fetcher.Form method="post">
                    <input type="hidden" name="intent" value="revoke-link" />
                    <input type="hidden" name="linkId" value={link.id} />
                    <Button type="submit" variant="ghost" size="sm" disabled={busy === "revoke-link"}>
                      Revoke
                    </Button>
                  </fetcher.Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {live.length === 0 && links.length > 0 ? <p className="text-xs text-muted-foreground">No link works at the moment.</p> : null}
      </Card>

      <Card className="mt-4 gap-3 p-4" aria-labelledby="reviewers-title">
        <h2 id="reviewers-title" className="font-semibold">
          Reviewers' comments ({comments.length})
        </h2>
        {comments.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet. What reviewers write through a link appears here.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Reviewers' comments">
            {comments.map((comment) => {
              const { label, Icon } = KINDS[comment.kind];
              return (
                <li key={comment.id} className="grid gap-1 border-l-2 border-sky-700 pl-3 text-sm">
                  <p className="flex flex-wrap items-center gap-x-1.5">
                    <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                    <span className="font-medium">{comment.authorName}</span> <span>{label}</span>
                    <span className="text-xs text-muted-foreground">· {formatDateTime(comment.createdAt)}</span>
                  </p>
                  {comment.quote ? <blockquote className="text-muted-foreground italic">“{comment.quote}”</blockquote> : null}
                  {comment.body ? <p className="whitespace-pre-wrap">{comment.body}</p> : null}
                </li>
              );
            })}
          </ol>
        )}
      </Card>
    </>
  );
}
