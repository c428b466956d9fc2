import { CheckCircle2, CircleSlash } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { hostMatchesSite, siteHost } from "~/lib/results-rules";
import { cn } from "~/lib/utils";

export const ANSWER_SITE_TEXTS = {
  mentions: "Mentions the site",
  noMention: "Does not mention the site",
  cites: "Cites:",
  citesNothing: "Cites no URLs",
  yourSite: "Your site",
  newTab: "(opens in a new tab)",
  showFewer: "Show fewer",
} as const;

/** URLs shown before "+N more". */
export const CITED_URLS_SHOWN = 5;

export type CitedLink = {
  url: string;
  /** What the link reads: the URL without its scheme. */
  label: string;
  /** Whether the URL is on the site's host or one of its subdomains. */
  ownSite: boolean;
  /** Only http(s) URLs become links; anything else is shown as text. */
  linkable: boolean;
};

/** The cited URLs as the screen shows them, in the answer's order, the site's own ones marked (lib/results-rules.ts). */
export function citedLinks(urls: readonly string[], siteUrl: string): CitedLink[] {
  const site = siteHost(siteUrl);
  return urls.map((url) => {
    const host = siteHost(url);
    return {
      url,
      label: url.replace(/^https?:\/\//i, ""),
      ownSite: site !== null && host !== null && hostMatchesSite(host, site),
      linkable: /^https?:\/\//i.test(url),
    };
  });
}

/** "+3 more", saying how many of the hidden URLs are the site's so that none goes unseen. */
export function moreLabel(hidden: readonly CitedLink[]): string {
  const own = hidden.filter((link) => link.ownSite).length;
  return `+${hidden.length} more${own > 0 ? ` (${own} from your site)` : ""}`;
}

/**
 * What an answer does for the site: whether it names the site (nothing when unknown) and the URLs it cites,
 * the site's own marked "Your site" (words, not colour alone); five URLs, then "+N more".
 */
export function AnswerForSite({
  mentionsSite,
  citedUrls,
  siteUrl,
  className,
}: {
  mentionsSite: boolean | null;
  citedUrls: string[] | null;
  siteUrl: string;
  className?: string;
}) {
  if (mentionsSite === null && citedUrls === null) return null;
  return (
    <div className={cn("flex flex-wrap items-start gap-x-6 gap-y-2 border-t pt-3 text-xs", className)}>
      {mentionsSite === null ? null : <MentionBadge mentions={mentionsSite} />}
      {citedUrls === null ? null : <CitedUrls links={citedLinks(citedUrls, siteUrl)} />}
    </div>
  );
}

function MentionBadge({ mentions }: { mentions: boolean }) {
  return mentions ? (
    <Badge variant="outline" className="border-success/30 bg-success/8 text-success">
      <CheckCircle2 aria-hidden="true" />
      {ANSWER_SITE_TEXTS.mentions}
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      <CircleSlash aria-hidden="true" />
      {ANSWER_SITE_TEXTS.noMention}
    </Badge>
  );
}

function CitedUrls({ links }: { links: CitedLink[] }) {
  const [expanded, setExpanded] = useState(false);
  const labelId = useId();
  const listId = useId();
  if (links.length === 0) return <p className="py-[3px] text-muted-foreground">{ANSWER_SITE_TEXTS.citesNothing}</p>;
  const shown = expanded ? links : links.slice(0, CITED_URLS_SHOWN);
  const hidden = links.slice(CITED_URLS_SHOWN);
  return (
    <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1 sm:flex-row sm:gap-2">
      <span id={labelId} className="shrink-0 py-[3px] font-medium text-muted-foreground">
        {ANSWER_SITE_TEXTS.cites}
      </span>
      <div className="min-w-0 flex-1">
        <ul id={listId} aria-labelledby={labelId} className="flex flex-col gap-1">
          {shown.map((link, index) => (
            <li key={`${index}-${link.url}`} className="flex min-w-0">
              <CitedUrl link={link} />
            </li>
          ))}
        </ul>
        {hidden.length > 0 ? (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0 py-1 text-xs"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? ANSWER_SITE_TEXTS.showFewer : moreLabel(hidden)}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** One cited URL: a link opening in a new tab, cut to two lines (the whole URL in its title); the site's own with its badge. */
function CitedUrl({ link }: { link: CitedLink }) {
  const badge = link.ownSite ? <Badge className="mt-px shrink-0 px-1.5 py-0 text-[0.6875rem]">{ANSWER_SITE_TEXTS.yourSite}</Badge> : null;
  if (!link.linkable) {
    return (
      <span className="flex min-w-0 items-start gap-1.5 py-[3px]">
        <span className="line-clamp-2 min-w-0 break-all">{link.label}</span> {badge}
      </span>
    );
  }
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      title={link.url}
      className={cn(
        "group flex max-w-full min-w-0 items-start gap-1.5 rounded-sm py-[3px] text-primary outline-none",
        "focus-visible:ring-[3px] focus-visible:ring-ring/50",
        link.ownSite && "font-medium",
      )}
    >
      <span className="line-clamp-2 min-w-0 break-all underline-offset-2 group-hover:underline">{link.label}</span>
      {badge ? <> {badge}</> : null} <span className="sr-only">{ANSWER_SITE_TEXTS.newTab}</span>
    </a>
  );
}
