/**
 * /sites/:siteId (spec part 1, section 4): a site, renamed in place (POST intent=rename, name), edited in
 * the site dialog (which posts to /sites), and the way to its pages.
 */
import { BarChart3, ClipboardList, Download, FileText, LineChart, MoreHorizontal, Pencil, Send, Settings, Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/site-detail";
import { Breadcrumb } from "~/components/breadcrumb";
import { CopyButton } from "~/components/copy-button";
import { RouteErrorBoundary } from "~/components/route-error";
import { SectionCard } from "~/components/section-card";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { Input } from "~/components/ui/input";
import { BRAND_NAME } from "~/lib/constants";
import { parseId } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import { SITE_NAME_LENGTH, siteRenameSchema } from "~/lib/schemas/site";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { orNotFound, requireActor } from "~/models/access.server";
import { getSiteOverview, renameSite } from "~/models/site.server";
import type { SessionUser } from "~/services/auth.server";
import { intentOf, reply, runIntent } from "~/services/route-action.server";
import { preloadSiteForm, SiteDialog } from "./sites/site-dialog";
import { loadSiteFormOptions } from "./sites/site-form.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.site.name ?? "Site"} – ${BRAND_NAME}` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  // The overview checks the site's owner itself: the site is read once.
  const [site, siteForm] = await Promise.all([
    orNotFound(request, user, "site", () => getSiteOverview(user, parseId(params.siteId, "site"))),
    loadSiteFormOptions(user),
  ]);
  return { site, siteForm };
}

const RENAME_FAILED = "Failed to update site name";

type Ctx = { request: Request; form: FormData; user: SessionUser; siteId: string | undefined };

async function rename({ form, user, siteId }: Ctx) {
  const submission = parseSubmission(form, siteRenameSchema);
  if (submission.status !== "success") return reply({ ok: false, toast: errorToast(SITE_NAME_LENGTH) });
  const { name } = submission.value;
  await renameSite(user, parseId(siteId, "site"), name);
  return reply({ ok: true, toast: successToast("Site Updated", `The site is now named ${name}.`) });
}

const INTENTS = { rename };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast(RENAME_FAILED) });
  // Whatever went wrong, the spec answers 404 with the same words.
  return runIntent(
    INTENTS,
    intent,
    { request, form, user, siteId: params.siteId },
    { failed: () => reply({ ok: false, toast: errorToast(RENAME_FAILED) }, 404) },
  );
}

export default function SiteDetail({ loaderData: { site, siteForm } }: Route.ComponentProps) {
  const [editOpen, setEditOpen] = useState(false);
  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumb items={[{ label: "Dashboard", to: "/dashboard" }, { label: "My Sites", to: "/sites" }, { label: site.name }]} />
      <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border bg-muted">
            {site.imageLogo ? <img src={site.imageLogo} alt="" className="size-full object-contain" /> : null}
          </div>
          <div className="min-w-0">
            <SiteTitle name={site.name} />
            <div className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
              <a href={site.url} target="_blank" rel="noopener noreferrer" className="truncate hover:text-foreground hover:underline">
                {site.url}
              </a>
              <CopyButton text={site.url} label="Copy the site URL" toastTitle="URL Copied" />
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={() => setEditOpen(true)} onPointerEnter={preloadSiteForm} onFocus={preloadSiteForm}>
            <Pencil aria-hidden="true" /> Edit Site
          </Button>
          <Button variant="outline" asChild>
            <Link to={`/sites/${site.id}/brief`}>
              <ClipboardList aria-hidden="true" /> Brief
            </Link>
          </Button>
          <Button variant="outline" onClick={() => notify({ type: "info", title: "Site settings coming soon" })}>
            <Settings aria-hidden="true" /> Settings
          </Button>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="icon" aria-label="More options">
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {/* The site's analytics are its results (issue 17). */}
              <DropdownMenuItem asChild>
                <Link to={`/sites/${site.id}/results`}>
                  <BarChart3 aria-hidden="true" /> View Analytics
                </Link>
              </DropdownMenuItem>
              {[
                { label: "Export Content", icon: Download },
                { label: "Share Site", icon: Share2 },
              ].map(({ label, icon: Icon }) => (
                <DropdownMenuItem key={label} onSelect={() => notify({ type: "info", title: `${label}: coming soon` })}>
                  <Icon aria-hidden="true" /> {label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SectionCard
          to={`/sites/${site.id}/pages`}
          icon={FileText}
          title="Pages"
          description="The articles of this site, their versions and their review."
        >
          {site.pagesCount} {site.pagesCount === 1 ? "page" : "pages"}
        </SectionCard>
        <SectionCard
          to={`/sites/${site.id}/publishing`}
          icon={Send}
          title="Publishing"
          description="Where approved articles go: the site's WordPress."
          testId="publishing-state"
        >
          {site.publishingTarget === null
            ? "Not connected"
            : site.publishingProblem
              ? "WordPress: connection problem"
              : "WordPress connected"}
        </SectionCard>
        <SectionCard
          to={`/sites/${site.id}/results`}
          icon={LineChart}
          title="Results"
          description="Rankings on the site's keywords and AI visibility, check after check, with the monthly report."
        />
      </div>

      <SiteDialog open={editOpen} site={site} options={siteForm} onOpenChange={setEditOpen} />
    </div>
  );
}

/** The title, renamed in place with Save and Cancel. */
function SiteTitle({ name }: { name: string }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useToastFetcher<typeof action>((answer) => answer.ok && setEditing(false));
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-1">
        <h1 className="truncate text-2xl font-semibold tracking-tight">{name}</h1>
        <Button variant="ghost" size="icon" onClick={() => setEditing(true)} aria-label="Rename the site">
          <Pencil aria-hidden="true" />
        </Button>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2" onKeyDown={(e) => e.key === "Escape" && setEditing(false)}>
      <input type="hidden" name="intent" value="rename" />
      <Input
        ref={inputRef}
        name="name"
        defaultValue={name}
        aria-label="Site name"
        required
        maxLength={200}
        className="h-9 w-64 max-w-full text-lg font-semibold"
      />
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? "Saving..." : "Save"}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={busy}>
        Cancel
      </Button>
    </fetcher.Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
