import type { Route } from "./+types/languages";
import { toId } from "~/lib/form-id";
import { listLanguages } from "~/models/reference.server";
import { requireUser } from "~/services/auth.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const countryId = toId(params.countryId);
  if (countryId === null) return Response.json([], { status: 404 });
  return Response.json(await listLanguages(countryId), { headers: { "Cache-Control": "private, max-age=300" } });
}
