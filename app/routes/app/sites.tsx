/**
 * /sites and /dashboard (spec part 1, sections 2, 3, 5 and 8): the site grid, the site dialog and deletion.
 * Contract relied on by scripts and tests: POST /sites (or /sites.data), multipart, with intent=create |
 * update | delete, the dialog's fields (site-form.ts), `logo` (a file; required to create) and `siteId`
 * (update, delete).
 */
import { Globe, MoreVertical, Pencil, Plus, Trash2 } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Await, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/sites";
import { FirstArticleForm } from "../public/first-article/first-article-form";
import { PageHeader } from "~/components/page-header";
import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME, LOGO_BUCKET, LOGO_CACHE_SECONDS, LOGO_FOLDER, LOGO_MAX_BYTES } from "~/lib/constants";
import { LOGO_MESSAGES } from "~/lib/logo";
import { formId } from "~/lib/form-id";
import { NotFoundError, SITE_NOT_FOUND } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import { FIRST_ARTICLE_TURNAROUND, TRIAL_PRICE_EUR, WORDS_LABEL } from "~/lib/offer";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import type { LanguageChoices } from "~/lib/site-language";
import { getActor } from "~/models/access.server";
import { listLanguageChoices } from "~/models/reference.server";
import { createSite, deleteSite, InvalidReferenceError, listSites, updateSite, type SiteRow } from "~/models/site.server";
import { requireUser, type SessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { invalidForm, intentOf, logRefused, reply, runIntent } from "~/services/route-action.server";
import { hasTrialOffer } from "~/services/trial-offer.server";
import { discardStoredFile, storeImage, UploadError, type StoredFile } from "~/services/uploads.server";
import { preloadSiteForm, SiteDialog } from "./sites/site-dialog";
import { siteDialogSchema } from "./sites/site-form";
import { loadSiteFormOptions } from "./sites/site-form.server";

export const meta: Route.MetaFunction = () => [{ title: `Your Sites – ${BRAND_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Streamed: the page shows 'Loading your sites...' until the list arrives. An account that came through a
  // trial button (trial-offer.server) is offered the first-article form while it has no site.
  const [trial, siteForm] = await Promise.all([hasTrialOffer(request), loadSiteFormOptions(user)]);
  // The form's languages and countries (issue 38), read only when the form is offered.
  const trialOffer = trial ? { email: user.email, choices: await listLanguageChoices() } : null;
  return { sites: listSites(user), trial: trialOffer, siteForm };
}

type Ctx = { request: Request; form: FormData; user: SessionUser };

/** A failure: the message in the dialog and in an error toast. */
const failure = (message: string, status = 400) => reply({ ok: false, error: message, toast: errorToast(message) }, status);

const SAVE_FAILED = "Failed to save site";
const DELETE_FAILED = "Failed to delete site. Please try again.";
/** An edit or a delete whose site id is missing or no id: only a changed page can post that. */
const NO_SITE = "Reload the page, then choose the site again.";

/** Creates or updates a site. The logo is stored first; if the save then fails, the new file is removed and the site is unchanged. */
async function saveSite({ form, user }: Ctx, intent: "create" | "update") {
  // Checked before anything is stored: an edit without its site keeps no logo.
  const siteId = intent === "update" ? formId(form, "siteId") : null;
  if (intent === "update" && siteId === null) return failure(NO_SITE);
  const submission = parseSubmission(form, siteDialogSchema(intent));
  if (submission.status !== "success")
    return reply({ ok: false, ...invalidForm(submission, { hideFields: ["logo"], fallback: SAVE_FAILED }) });
  const { logo, ...input } = submission.value;

  let stored: StoredFile | undefined;
  if (logo) {
    try {
      stored = await storeImage(logo, {
        bucket: LOGO_BUCKET,
        folder: LOGO_FOLDER,
        maxBytes: LOGO_MAX_BYTES,
        cacheSeconds: LOGO_CACHE_SECONDS,
      });
    } catch (error) {
      const message = error instanceof UploadError ? error.message : LOGO_MESSAGES.failed;
      logger.info({ userId: user.id, reason: message }, "logo refused");
      return reply({ ok: false, ...invalidForm(submission, { fieldErrors: { logo: [message] }, hideFields: ["logo"] }) });
    }
  }
  try {
    let site: SiteRow;
    if (intent === "create") site = await createSite(user, input, stored!.url);
    else {
      const updated = await updateSite(user, siteId!, input, stored?.url);
      await discardStoredFile(updated.replacedLogo);
      site = updated;
    }
    const verb = intent === "create" ? "created" : "updated";
    return reply({ ok: true, toast: successToast("Success", `Site ${site.name} ${verb} successfully.`) });
  } catch (error) {
    if (stored) await discardStoredFile(stored);
    throw error;
  }
}

async function removeSite({ form, user }: Ctx) {
  const siteId = formId(form, "siteId");
  if (siteId === null) return failure(NO_SITE);
  const deleted = await deleteSite(user, siteId);
  await discardStoredFile(deleted.imageLogo);
  return reply({ ok: true, toast: successToast("Site deleted", `Site "${deleted.name}" has been deleted.`) });
}

const INTENTS = {
  create: (ctx: Ctx) => saveSite(ctx, "create"),
  update: (ctx: Ctx) => saveSite(ctx, "update"),
  delete: removeSite,
};

/** The spec's failure texts; a missing or foreign site answers 404, exactly like a missing one. */
function failed(error: unknown, intent: keyof typeof INTENTS) {
  const missing = error instanceof NotFoundError;
  if (intent === "delete") return failure(DELETE_FAILED, missing ? 404 : 500);
  if (error instanceof InvalidReferenceError) return failure(error.message);
  if (missing) return failure(`${SITE_NOT_FOUND.title} - ${SITE_NOT_FOUND.message}`, 404);
  return failure(SAVE_FAILED, 500);
}

export async function action({ request }: Route.ActionArgs) {
  // The team edits a client's site with the same dialog (issue 14); the list and new sites stay the member's own.
  const user = await getActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!user) {
    logRefused(request, { intent: form.get("intent")?.toString() });
    return failure(intent === "create" ? "You must be logged in to create a site." : LOGO_MESSAGES.auth, 401);
  }
  if (!intent) return failure(SAVE_FAILED);
  return runIntent(INTENTS, intent, { request, form, user }, { failed, expected: [InvalidReferenceError] });
}

export default function SitesPage({ loaderData }: Route.ComponentProps) {
  const [dialog, setDialog] = useState<{ open: boolean; site: SiteRow | null }>({ open: false, site: null });
  const [toDelete, setToDelete] = useState<SiteRow | null>(null);
  const openCreate = () => setDialog({ open: true, site: null });

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Your Sites"
        description="Every site you produce articles for."
        actions={
          <Button onClick={openCreate} onPointerEnter={preloadSiteForm} onFocus={preloadSiteForm}>
            <Plus aria-hidden="true" /> Add Site
          </Button>
        }
      />
      <Suspense fallback={<SitesLoading />}>
        <Await resolve={loaderData.sites} errorElement={<SitesError />}>
          {(sites) =>
            sites.length === 0 ? (
              loaderData.trial ? (
                <TrialOffer email={loaderData.trial.email} choices={loaderData.trial.choices} onCreate={openCreate} />
              ) : (
                <EmptyState onCreate={openCreate} />
              )
            ) : (
              <ul className={SITE_GRID} aria-label="Sites">
                {sites.map((site) => (
                  <SiteCard key={site.id} site={site} onEdit={() => setDialog({ open: true, site })} onDelete={() => setToDelete(site)} />
                ))}
              </ul>
            )
          }
        </Await>
      </Suspense>
      <SiteDialog
        open={dialog.open}
        site={dialog.site}
        options={loaderData.siteForm}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <DeleteSiteDialog site={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

/**
 * As many columns of 20rem or more as fit, sharing the row: a single site gets the whole row rather
 * than a third of it, and three fill it as before.
 */
const SITE_GRID = "grid grid-cols-[repeat(auto-fit,minmax(min(100%,20rem),1fr))] gap-4";

function SiteCard({ site, onEdit, onDelete }: { site: SiteRow; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="relative">
      <Card className="h-full gap-0 p-0 transition-shadow hover:shadow-md focus-within:ring-[3px] focus-within:ring-ring/50">
        <Link to={`/sites/${site.id}`} className="flex items-center gap-4 rounded-xl p-5 pr-14 outline-none">
          <div className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg border bg-muted">
            {site.imageLogo ? (
              <img src={site.imageLogo} alt="" className="size-full object-contain" loading="lazy" />
            ) : (
              <Globe className="size-6 text-muted-foreground" aria-hidden="true" />
            )}
          </div>
          {/* Long names and addresses are cut at the card's edge; the full text shows on hover. */}
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold" title={site.name}>
              {site.name}
            </h2>
            <p className="truncate text-sm text-muted-foreground" title={site.url}>
              {site.url}
            </p>
          </div>
        </Link>
      </Card>
      <div className="absolute top-3 right-3">
        {/* Not modal: the Edit and Delete items open dialogs of their own. */}
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${site.name}`}>
              <MoreVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden="true" /> Edit
            </DropdownMenuItem>
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2 aria-hidden="true" /> Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}

function DeleteSiteDialog({ site, onClose }: { site: SiteRow | null; onClose: () => void }) {
  const fetcher = useToastFetcher<typeof action>(() => onClose());
  const busy = fetcher.state !== "idle";

  return (
    <ConfirmDeleteDialog
      open={site !== null}
      title="Delete this site?"
      description={`Are you sure you want to delete the site "${site?.name}"? Its pages and articles are deleted with it.`}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => site && fetcher.submit({ intent: "delete", siteId: String(site.id) }, { method: "post", action: "/sites" })}
    />
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <Card className="items-center gap-4 px-6 py-16 text-center">
      <div className="grid size-14 place-items-center rounded-full bg-primary/10">
        <Globe className="size-7 text-primary" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold">Vous n'avez pas encore de site</h2>
      <p className="max-w-sm text-sm text-muted-foreground">Ajoutez votre site pour commencer à recevoir des articles.</p>
      <Button onClick={onCreate}>
        <Plus aria-hidden="true" /> Créer mon premier site
      </Button>
    </Card>
  );
}

/** The empty list of an account that came for the 1€ trial: the first-article form, with the account's e-mail. */
function TrialOffer({ email, choices, onCreate }: { email: string; choices: LanguageChoices; onCreate: () => void }) {
  return (
    <section
      aria-labelledby="trial-offer-title"
      className="grid gap-6 rounded-2xl border bg-muted/40 p-4 sm:gap-8 sm:p-8 lg:grid-cols-[1fr_1.2fr]"
    >
      <div>
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Your {TRIAL_PRICE_EUR}€ trial article</p>
        <h2 id="trial-offer-title" className="mt-2 text-2xl font-bold tracking-tight text-balance">
          Set up your first article
        </h2>
        <p className="mt-3 text-muted-foreground text-pretty">
          Tell us where your website is: we research your readers' questions, write your first article ({WORDS_LABEL}) and send it within{" "}
          {FIRST_ARTICLE_TURNAROUND}. The site then appears here, with its article.
        </p>
        <p className="mt-6 text-sm text-muted-foreground">
          Rather set up your site yourself?{" "}
          <Button variant="link" className="h-auto p-0 align-baseline" onClick={onCreate}>
            Add it here
          </Button>
        </p>
      </div>
      <FirstArticleForm choices={choices} defaultEmail={email} className="p-5 sm:p-8" />
    </section>
  );
}

function SitesLoading() {
  return (
    <div className="grid gap-4">
      <Spinner label="Loading your sites..." className="text-muted-foreground" />
      <div className={SITE_GRID} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

function SitesError() {
  const revalidator = useRevalidator();
  useEffect(() => notify({ type: "error", title: "Error", description: "Failed to load sites. Please try again." }), []);
  return (
    <Card className="items-center gap-3 px-6 py-12 text-center" role="alert">
      <p className="font-medium">Failed to load sites. Please try again.</p>
      <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
        Try again
      </Button>
    </Card>
  );
}
