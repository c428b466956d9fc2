import type { Route } from "./+types/tone-groups";
import { listToneGroups } from "~/models/reference.server";
import { requireUser } from "~/services/auth.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return Response.json(await listToneGroups(user.id), { headers: { "Cache-Control": "private, no-cache" } });
}
