import { Suspense, useEffect, useSyncExternalStore } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { SidebarProvider } from "~/components/sidebar-context";
import { StaticToast } from "~/components/static-toast";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME, isProtectedPath } from "~/lib/constants";
import { useNonce } from "~/lib/nonce";
import { lazyOptional } from "~/lib/lazy-optional";
import { notify } from "~/lib/notify";
import { usePageLang } from "~/lib/page-lang";
import { useDelayed } from "~/lib/use-delayed";
import { isStaticPath, onlyClientParamChanged, useStaticPage } from "~/lib/static-page";
import type { Toast } from "~/lib/toast";
import type { PublicConfig } from "~/lib/public-config";
import { markNotificationsReadAt, unreadNotificationCount } from "~/models/notification.server";
import { getSignedIn } from "~/services/auth.server";
import { getEnv } from "~/services/env.server";
import { readToast } from "~/services/toast.server";
import appCss from "./app.css?url";

const PLACE_LINKS = {
  console: { to: "/team", label: "Console de l'équipe" },
  sites: { to: "/sites", label: "Mes sites" },
};

export async function loader({ request, url }: Route.LoaderArgs) {
  const [signedIn, { toast, setCookie }] = await Promise.all([getSignedIn(request), readToast(request)]);
  const user = signedIn?.user ?? null;
  // The bell's number (issue 16): one indexed count, read again after every navigation and action.
  let unread = user ? await unreadNotificationCount(user) : 0;
  // Reaching a screen reads the person's notifications that lead to it, whichever way they came (issue 38): one
  // indexed UPDATE, only when something is unread, and the count above says so at once. Not while an admin sees the
  // product as the person: they have not seen it.
  if (signedIn && unread > 0 && !signedIn.impersonatedBy)
    unread = Math.max(0, unread - (await markNotificationsReadAt(signedIn.user, url.pathname)));
  const env = getEnv();
  const publicConfig: PublicConfig = {
    origin: env.PUBLIC_URL,
    contactEmail: env.CONTACT_EMAIL,
    paymentLinkUrl: env.PAYMENT_LINK_URL ?? "/first-article",
  };
  // The team's way between its console and the client screens: sent to team members only, so that nothing of
  // the console is in a client's page or JavaScript.
  const placeLinks = signedIn?.member ? PLACE_LINKS : null;
  // An admin seeing the product as a client (issue 14): who, and the one-click way back; words from the server too.
  const impersonation = signedIn?.impersonatedBy
    ? {
        text: `Vous voyez le produit en tant que ${signedIn.user.name} (${signedIn.user.email}), depuis la console.`,
        action: "/auth/stop-impersonating",
        button: "Revenir à mon compte",
      }
    : null;
  return data(
    { user, unread, placeLinks, impersonation, toast, publicConfig },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

/**
 * On the way to a static page the root reads nothing: the page loads as a document (lib/static-page.ts),
 * whose root loader reads the session and the flash message; reading them here first would consume the message.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (nextUrl.pathname !== currentUrl.pathname && isStaticPath(nextUrl.pathname)) return false;
  if (onlyClientParamChanged(currentUrl, nextUrl, formMethod)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [
  { title: BRAND_NAME },
  { name: "description", content: "Des articles qui se classent dans les moteurs de recherche et sont cités par les assistants IA." },
];

export function useOptionalUser() {
  return useRouteLoaderData<typeof loader>("root")?.user ?? null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const lang = usePageLang();
  // A static page (lib/static-page.ts) goes without the framework's scripts: its islands load their own.
  const isStatic = useStaticPage();
  return (
    <html lang={lang} data-static={isStatic ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The ICO for the browsers and tools that want one (sizes keeps Chrome on the SVG); made by scripts/make-favicon.ts. */}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* First in <head>, before the scripts' modulepreload links, so that the browser fetches it first: the first paint waits for it alone.
            (No `precedence`: React would then hold the streamed content back until the sheet loads.) */}
        <link rel="stylesheet" href={appCss} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        {isStatic ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** The toasts' container, loaded after hydration: no page needs it for its first paint (nor breaks without it). */
const LazyToaster = lazyOptional(() => import("~/components/ui/sonner").then((module) => ({ default: module.Toaster })));

/** Nothing to subscribe to: whether the page is hydrated never changes once it is. */
const subscribeToNothing = () => () => {};

function Toaster() {
  // False on the server and while hydrating, true afterwards: React re-renders once hydration is done.
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

/** While an admin sees the product as a client: always in view, with the way back (a plain form: works before hydration). */
function ImpersonationBar({ text, action, button }: { text: string; action: string; button: string }) {
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto grid max-w-2xl gap-2 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow-lg sm:flex sm:items-center sm:justify-between sm:gap-3 dark:bg-amber-950 dark:text-amber-100"
    >
      <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{text}</span>
      <Form method="post" action={action} reloadDocument>
        <Button type="submit" size="sm">
          {button}
        </Button>
      </Form>
    </div>
  );
}

/** Shows the toast a redirect left behind (flash cookie), once. */
function FlashToast({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);
  return null;
}

/**
 * The guard's waiting state: shown while a protected screen loads (spec: 'Chargement...'). A new view of
 * the screen already shown (its query string: the page list's paging, search, sort) is the screen's to
 * show ('Loading pages...').
 */
function PendingGuard() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const next = navigation.location?.pathname;
  const pending = navigation.state === "loading" && next !== undefined && next !== pathname && isProtectedPath(next);
  // Fast navigations do not flash a spinner.
  if (!useDelayed(pending, 150)) return null;
  return (
    <div className="fixed inset-x-0 top-16 z-40 flex justify-center">
      <div className="rounded-full border bg-background px-4 py-2 shadow-md">
        <Spinner label="Chargement..." />
      </div>
    </div>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const isStatic = useStaticPage();
  return (
    <SidebarProvider>
      <div className="flex min-h-dvh flex-col">
        <Header user={loaderData.user} unread={loaderData.unread} placeLinks={loaderData.placeLinks} />
        {loaderData.impersonation ? <ImpersonationBar {...loaderData.impersonation} /> : null}
        <PendingGuard />
        <Outlet />
      </div>
      {isStatic ? (
        loaderData.toast && <StaticToast toast={loaderData.toast} />
      ) : (
        <>
          <Toaster />
          <FlashToast toast={loaderData.toast} />
        </>
      )}
    </SidebarProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Une erreur est survenue";
  let details = "Veuillez recharger la page. Si le problème persiste, réessayez dans quelques minutes.";
  if (isRouteErrorResponse(error) && error.status === 404) {
    title = "Oops! Page not found";
    details = "";
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <main className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {details ? <p className="text-muted-foreground">{details}</p> : null}
        <a href="/" className="text-primary underline underline-offset-4">
          Retour à l'accueil
        </a>
      </main>
      <Footer />
    </div>
  );
}
