import type { Route } from "./+types/languages";
import { listLanguages } from "~/models/reference.server";
import { requireUser } from "~/services/auth.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const countryId = Number(params.countryId);
  if (!Number.isInteger(countryId) || countryId <= 0) return Response.json([], { status: 404 });
  return Response.json(await listLanguages(countryId), { headers: { "Cache-Control": "private, max-age=300" } });
}
