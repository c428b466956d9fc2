import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { AppSidebar } from "~/components/app-sidebar";
import { Footer } from "~/components/footer";
import { requireUser } from "~/services/auth.server";

/** The header shows the button of the side panel (components/header.tsx). */
export const handle = { sidebar: true };

/** The guard of the signed-in area: nobody signed in is sent to /auth (replacing history). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function AppLayout() {
  const location = useLocation();
  return (
    <div className="flex flex-1">
      <AppSidebar pathname={location.pathname} />
      <div className="flex min-w-0 flex-1 flex-col">
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
        <Footer />
      </div>
    </div>
  );
}
