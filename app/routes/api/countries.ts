import type { Route } from "./+types/countries";
import { listCountries } from "~/models/reference.server";
import { requireUser } from "~/services/auth.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return Response.json(await listCountries(), { headers: { "Cache-Control": "private, max-age=300" } });
}
