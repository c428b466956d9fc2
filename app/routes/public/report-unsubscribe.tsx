/**
 * /reports/unsubscribe/:siteId/:token (issue 17): the monthly report e-mail's unsubscribe link, which works without
 * signing in. Opening it asks to confirm (so that a mail scanner following links unsubscribes nobody); the button
 * turns the site's report e-mails off. A wrong token answers like a missing page. A static page, never indexed.
 */
import { data } from "react-router";
import type { Route } from "./+types/report-unsubscribe";
import { Footer } from "~/components/footer";
import { NotFoundPage } from "~/components/not-found-page";
import { BRAND_NAME } from "~/lib/constants";
import { toId } from "~/lib/form-id";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";
import { siteOfUnsubscribeLink, unsubscribeFromReports } from "~/models/results.server";

export const handle = { ...STATIC_PAGE };
export const clientLoader = loadAsDocument;

/** Never indexed nor kept by a cache; same-origin referrer: the form still carries its Origin, which the server checks. */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" };

export async function loader({ params }: Route.LoaderArgs) {
  const siteId = toId(params.siteId);
  const site = siteId === null ? null : await siteOfUnsubscribeLink(siteId, params.token ?? "");
  if (!site) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return data({ site, done: false }, { headers: PRIVATE_HEADERS });
}

export async function action({ params }: Route.ActionArgs) {
  const siteId = toId(params.siteId);
  if (siteId === null || !(await unsubscribeFromReports(siteId, params.token ?? "")))
    throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return data({ done: true }, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [
  { title: `Rapport mensuel – ${BRAND_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function ErrorBoundary() {
  return <NotFoundPage />;
}

export default function ReportUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done || !loaderData.site.subscribed;
  return (
    <>
      <main id="main" className="mx-auto flex max-w-lg flex-1 flex-col justify-center gap-4 px-6 py-16">
        <p className="text-sm text-muted-foreground">{BRAND_NAME}</p>
        <h1 className="text-2xl font-semibold tracking-tight">Rapport mensuel de {loaderData.site.name}</h1>
        {done ? (
          <p role="status">
            C'est fait : vous ne recevrez plus le rapport mensuel par e-mail. Il reste consultable dans l'onglet Résultats du site.
          </p>
        ) : (
          <form method="post" className="grid gap-4">
            <p>Vous ne recevrez plus, le premier de chaque mois, l'e-mail qui annonce le rapport de ce site.</p>
            <div>
              <button
                type="submit"
                className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                Ne plus recevoir ce rapport
              </button>
            </div>
          </form>
        )}
      </main>
      <Footer />
    </>
  );
}
