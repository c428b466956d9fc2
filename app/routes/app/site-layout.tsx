import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/site-layout";
import { toId } from "~/lib/form-id";
import { requireActor } from "~/models/access.server";
import { teamViewOfSite } from "~/models/site.server";

/**
 * Around a site's screens (/sites/:siteId/...): when the team works on a client's site (issue 14), the header
 * says whose site it is (`whoseSite`, read by components/header.tsx). For a client it reads nothing.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const siteId = toId(params.siteId);
  const whoseSite = siteId === null ? null : await teamViewOfSite(actor, siteId);
  return { whoseSite };
}

/** Whose site it is does not change while one moves within the site (its page list's views, its pages): read it again only for another site, or after a form. */
export function shouldRevalidate({ currentParams, nextParams, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentParams.siteId === nextParams.siteId) return false;
  return defaultShouldRevalidate;
}

export default function SiteLayout() {
  return <Outlet />;
}
