/**
 * The create/edit dialog of a site (spec part 1, sections 3 and 5), opened from the site list and from a
 * site's detail. It posts to the sites action (POST /sites, intent=create | update, multipart with the
 * logo), which parses the same schema (site-form.ts); its countries, languages and tone groups come from
 * the opening screen's loader (site-form.server.ts).
 */
import { Suspense } from "react";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { lazyOptional } from "~/lib/lazy-optional";
import type { SiteRow } from "~/models/site.server";
import type { SiteFormOptions } from "./site-form";

const loadSiteForm = () => import("./site-dialog-form");
const SiteForm = lazyOptional(loadSiteForm, FormUnavailable);

/**
 * Starts loading the form's code as a pointer or the focus reaches a button that opens the dialog, so that it
 * is there by the click (a failure here is left to the dialog's own load, which retries and says so).
 */
export function preloadSiteForm() {
  loadSiteForm().catch(() => undefined);
}

export function SiteDialog({
  open,
  onOpenChange,
  site,
  options,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  site?: SiteRow | null;
  options: SiteFormOptions;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{site ? `Edit ${site.name}` : "Add a new site"}</DialogTitle>
          <DialogDescription>
            {site ? "Change the settings used to write this site's articles." : "Tell us about the site you want articles for."}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<FormLoading />}>
            <SiteForm key={site?.id ?? "new"} site={site ?? null} options={options} onDone={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function FormLoading() {
  return (
    <div className="flex justify-center py-12 text-muted-foreground">
      <Spinner label="Loading the form..." />
    </div>
  );
}

/** When the form's code could not be loaded, even after the retries (a server restarting, a lost connection). */
function FormUnavailable() {
  return (
    <Alert variant="destructive">
      <AlertTitle>The form could not be loaded</AlertTitle>
      <AlertDescription>Check your connection, then reload the page to try again.</AlertDescription>
    </Alert>
  );
}
