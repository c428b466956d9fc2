import { ExternalLink, FileText } from "lucide-react";
import { Suspense } from "react";
import { Await } from "react-router";
import { Section } from "~/components/marketing/section";
import { publicViewPath } from "~/lib/public-view";

/** One entry of the list (as listDemoArticles returns it). */
export type DemoArticle = { pageId: number; pageName: string; latestPublicId: string; latestVersionDate: string };

const EMPTY = "No demo articles available at the moment.";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * 'View below some demo articles' (spec part 3): streamed from the loader (not awaited), newest first;
 * each entry opens its newest version's public view (/view/{public id}) in a new tab. A read error leaves the empty state.
 */
export function DemoArticles({ demos }: { demos: Promise<DemoArticle[]> | DemoArticle[] }) {
  return (
    <Section
      id="demo-articles"
      eyebrow="Our work"
      title="View below some demo articles"
      intro="Real articles made with our process: researched, drafted with AI and edited by hand. Each one opens in a new tab."
    >
      <div className="mx-auto max-w-4xl">
        <Suspense fallback={<p className="text-center text-muted-foreground">Loading demo articles...</p>}>
          <Await resolve={demos} errorElement={<p className="text-center text-muted-foreground">{EMPTY}</p>}>
            {(list) => <DemoList list={list} />}
          </Await>
        </Suspense>
      </div>
    </Section>
  );
}

function DemoList({ list }: { list: DemoArticle[] }) {
  if (list.length === 0) return <p className="text-center text-muted-foreground">{EMPTY}</p>;
  return (
    <ul aria-label="Demo articles" className="grid gap-4 sm:grid-cols-2">
      {list.map((demo) => (
        <li key={demo.pageId}>
          <a
            href={publicViewPath(demo.latestPublicId)}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors outline-none hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
              <FileText className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold break-words group-hover:underline">{demo.pageName}</span>
              <span className="mt-1 block text-sm text-muted-foreground">
                <span className="sr-only"> (opens in a new tab)</span>
                Updated <time dateTime={demo.latestVersionDate}>{dateFormat.format(new Date(demo.latestVersionDate))}</time>
              </span>
            </span>
            <ExternalLink className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
