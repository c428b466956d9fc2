import { Form } from "react-router";
import type { Route } from "./+types/demo";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { BRAND_NAME } from "~/lib/constants";
import { formId } from "~/lib/form-id";
import { errorToast, successToast } from "~/lib/toast";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { teamFindPages, teamListDemoPages, teamSetDemo, type TeamDemoPage } from "~/models/team-demo.server";
import { requireTeamMember } from "~/services/auth.server";
import { reply } from "~/services/route-action.server";

export const meta: Route.MetaFunction = () => [
  { title: `Articles de démonstration – ${BRAND_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const [demos, found] = await Promise.all([teamListDemoPages(member), teamFindPages(member, q)]);
  return { demos, found, q };
}

export async function action({ request }: Route.ActionArgs) {
  const member = await requireTeamMember(request);
  const form = await request.formData();
  const pageId = formId(form, "pageId");
  const demo = form.get("demo") === "on";
  if (pageId === null) return reply({ ok: false, toast: errorToast("Page inconnue : cherchez-la de nouveau, puis réessayez.", "Erreur") });
  const page = await teamSetDemo(member, pageId, demo);
  if (!page) return reply({ ok: false, toast: errorToast("Cette page n'existe plus.", "Erreur") });
  return reply({
    ok: true,
    toast: successToast(
      demo ? "Page marquée comme démo" : "Page retirée des démos",
      `${page.name} ${demo ? "apparaît" : "n'apparaît plus"} sur l'accueil.`,
    ),
  });
}

export default function TeamDemo({ loaderData: { demos, found, q } }: Route.ComponentProps) {
  // One fetcher for every line: a line that leaves the list (taken off the demos) must not take its answer's toast with it.
  const flag = useToastFetcher<typeof action>();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Articles de démonstration</h1>
        <p className="text-muted-foreground">
          Les pages marquées comme démo figurent dans la liste d'exemples de l'accueil (leur dernière version), et leurs versions ne peuvent
          plus être approuvées ni renvoyées en révision. L'accueil se met à jour en quelques secondes.
        </p>
      </div>

      <section aria-labelledby="demos-title" className="grid gap-3">
        <h2 id="demos-title" className="text-lg font-semibold">
          Pages en démo ({demos.length})
        </h2>
        {demos.length ? (
          <PageList pages={demos} flag={flag} />
        ) : (
          <p className="text-sm text-muted-foreground">Aucune page n'est marquée comme démo : l'accueil ne montre pas d'exemple.</p>
        )}
      </section>

      <section aria-labelledby="find-title" className="grid gap-3">
        <h2 id="find-title" className="text-lg font-semibold">
          Ajouter une page
        </h2>
        <Form key={q} method="get" className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" aria-label="Chercher une page">
          <div className="grid gap-2">
            <Label htmlFor="demo-q">Page (numéro, nom ou adresse)</Label>
            <Input id="demo-q" name="q" type="search" defaultValue={q} placeholder="Ex. 42, « pain au levain », /blog/" />
          </div>
          <Button type="submit">Chercher</Button>
        </Form>
        {q ? (
          found.length ? (
            <PageList pages={found} flag={flag} />
          ) : (
            <p className="text-sm text-muted-foreground">Aucune page ne correspond.</p>
          )
        ) : null}
      </section>
    </div>
  );
}

type FlagFetcher = ReturnType<typeof useToastFetcher<typeof action>>;

function PageList({ pages, flag }: { pages: TeamDemoPage[]; flag: FlagFetcher }) {
  return (
    <ul className="grid gap-2">
      {pages.map((page) => (
        <DemoLine key={page.id} page={page} flag={flag} />
      ))}
    </ul>
  );
}

function DemoLine({ page, flag: fetcher }: { page: TeamDemoPage; flag: FlagFetcher }) {
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("pageId") === String(page.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm">
      <div className="grid min-w-0 gap-0.5">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{page.name}</span>
          {page.demo ? <Badge>Démo</Badge> : null}
          {page.latestPublicId ? null : <Badge variant="outline">Aucune version : absente de l'accueil</Badge>}
        </span>
        <span className="text-muted-foreground [overflow-wrap:anywhere]">
          n° {page.id} · {page.site.name}
          {page.ownerEmail ? ` · ${page.ownerEmail}` : " · sans client"}
        </span>
        {page.latestPublicId ? (
          <a
            href={`/view/${page.latestPublicId}`}
            target="_blank"
            rel="noreferrer"
            className="w-fit text-primary underline underline-offset-4"
          >
            Voir la dernière version<span className="sr-only"> (nouvel onglet)</span>
          </a>
        ) : null}
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="pageId" value={page.id} />
        <input type="hidden" name="demo" value={page.demo ? "off" : "on"} />
        <Button
          type="submit"
          size="sm"
          variant={page.demo ? "outline" : "default"}
          disabled={busy}
          aria-label={`${page.demo ? "Retirer des démos" : "Marquer comme démo"} : ${page.name}`}
        >
          {busy ? "Enregistrement..." : page.demo ? "Retirer des démos" : "Marquer comme démo"}
        </Button>
      </fetcher.Form>
    </li>
  );
}
