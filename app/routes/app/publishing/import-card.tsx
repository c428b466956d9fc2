import { Import } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { NativeSelect } from "~/components/native-select";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { WORDPRESS_STATUS_LABELS } from "~/lib/publishing";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action as importAction, loader as listingLoader } from "../publishing-import";

/**
 * Import from WordPress: the site's posts or pages, searched and paged by WordPress; the chosen ones become
 * pages of the site with their current text as the first version (publishing them later updates the same post).
 */
export function ImportCard({ siteId }: { siteId: number }) {
  const listing = useFetcher<typeof listingLoader>();
  const [query, setQuery] = useState({ type: "post", search: "", page: 1 });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const endpoint = `/sites/${siteId}/publishing/import`;
  const load = (page: number, next = query) => {
    setQuery({ ...next, page });
    listing.load(`${endpoint}?${new URLSearchParams({ type: next.type, search: next.search, page: String(page) })}`);
  };
  // Imported: the list is read again (its lines now say "Already a page").
  const importing = useToastFetcher<typeof importAction>((answer) => {
    if (!answer.ok) return;
    setChosen(new Set());
    load(query.page);
  });
  const answer = listing.data;
  const loading = listing.state !== "idle";
  const items = answer?.listing?.items ?? [];
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Card role="region" aria-labelledby="import-title">
      <CardHeader>
        <CardTitle id="import-title" className="flex items-center gap-2">
          <Import className="size-5" aria-hidden />
          Import from WordPress
        </CardTitle>
        <CardDescription>
          Bring the site's existing posts or pages in as pages, each with its current text as its first version: review it, have it modified
          by instructions, and publish it back over itself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            setChosen(new Set());
            load(1, { type: String(form.get("type")), search: String(form.get("search") ?? ""), page: 1 });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="import-type">Content</Label>
            <NativeSelect id="import-type" name="type" defaultValue={query.type}>
              <option value="post">Posts</option>
              <option value="page">Pages</option>
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="import-search">Search on WordPress</Label>
            <Input
              id="import-search"
              name="search"
              type="search"
              defaultValue={query.search}
              placeholder="Words of the title or the text"
            />
          </div>
          <Button type="submit" variant="outline" disabled={loading}>
            {loading ? "Loading..." : answer ? "Search" : "List the site's content"}
          </Button>
        </form>
        {answer?.problem ? (
          <p role="alert" className="text-sm text-destructive">
            {answer.problem}
          </p>
        ) : null}
        {answer?.listing ? (
          items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing on WordPress matches.</p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {answer.listing.total} on WordPress · page {answer.listing.page} of {answer.listing.pages}
              </p>
              <ul aria-label="Content on WordPress" className={`grid divide-y rounded-md border ${loading ? "opacity-60" : ""}`}>
                {items.map((item) => (
                  <li key={item.id} className="flex items-start gap-3 px-3 py-2 text-sm">
                    <input
                      type="checkbox"
                      id={`import-${item.id}`}
                      className="mt-0.5 size-4 accent-primary"
                      disabled={item.pageId !== null}
                      checked={item.pageId === null && chosen.has(item.id)}
                      onChange={(event) => toggle(item.id, event.target.checked)}
                    />
                    <div className="grid min-w-0 gap-0.5">
                      <label htmlFor={`import-${item.id}`} className="font-medium break-words">
                        {item.title || `(untitled, ${item.id})`}
                      </label>
                      <span className="truncate text-xs text-muted-foreground">
                        {WORDPRESS_STATUS_LABELS[item.status] ?? item.status} · {item.link}
                      </span>
                    </div>
                    {item.pageId !== null ? (
                      <Link to={`/sites/${siteId}/pages/${item.pageId}`} className="ml-auto shrink-0 text-xs text-primary hover:underline">
                        Already a page
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  type="button"
                  disabled={chosen.size === 0 || importing.state !== "idle"}
                  onClick={() => {
                    const form = new FormData();
                    form.set("type", query.type);
                    for (const id of chosen) form.append("id", String(id));
                    importing.submit(form, { method: "post", action: endpoint });
                  }}
                >
                  {importing.state !== "idle" ? "Importing..." : `Import selected (${chosen.size})`}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={loading || answer.listing.page <= 1}
                  onClick={() => load(answer.listing!.page - 1)}
                >
                  Newer
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={loading || answer.listing.page >= answer.listing.pages}
                  onClick={() => load(answer.listing!.page + 1)}
                >
                  Older
                </Button>
              </div>
            </>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
