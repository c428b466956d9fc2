import type { Route } from "./+types/tone-articles";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent } from "~/components/ui/card";
import { BRAND_NAME } from "~/lib/constants";
import { requireUser } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: `Tone Articles – ${BRAND_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function ToneArticles() {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Tone Articles" />
      <Card>
        <CardContent className="text-sm text-muted-foreground">Tone articles will appear here soon.</CardContent>
      </Card>
    </div>
  );
}
