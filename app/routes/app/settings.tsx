import type { Route } from "./+types/settings";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent } from "~/components/ui/card";
import { BRAND_NAME } from "~/lib/constants";
import { requireUser } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: `Paramètres – ${BRAND_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Settings() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Paramètres" />
      <Card>
        <CardContent className="text-sm text-muted-foreground">Les paramètres du compte arrivent bientôt.</CardContent>
      </Card>
    </div>
  );
}
