import type { Route } from "./+types/maintenance";
import { BRAND_NAME } from "~/lib/constants";

export const meta: Route.MetaFunction = () => [{ title: `Site en cours de développement – ${BRAND_NAME}` }];

export default function Maintenance() {
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <h1 className="text-3xl font-semibold">Site en cours de développement</h1>
      <p className="text-muted-foreground">Lancement prévu prochainement</p>
    </main>
  );
}
