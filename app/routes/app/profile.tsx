import type { Route } from "./+types/profile";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent } from "~/components/ui/card";
import { UserAvatar } from "~/components/user-avatar";
import { BRAND_NAME } from "~/lib/constants";
import { requireUser } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: `Votre Profil – ${BRAND_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { user };
}

export default function Profile({ loaderData: { user } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Votre Profil" />
      <Card>
        <CardContent className="flex items-center gap-4">
          <UserAvatar name={user.name} email={user.email} image={user.image} className="size-16 text-lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-medium">{user.name || user.email.split("@")[0] || "Utilisateur"}</p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
