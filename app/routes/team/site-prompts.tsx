/**
 * A site's prompts in the console (issue 42): its pages with a keyword in use, paged on the server, each with the
 * questions the assistants are asked about it (the three defaults, or the team's), which the team rewrites (1 to 5)
 * or sets back to the defaults (asked first). Saved and audited by models/prompts.server.ts.
 */
import { data, Link } from "react-router";
import type { Route } from "./+types/site-prompts";
import { BackLink } from "~/components/detail-list";
import { ListTotal } from "~/components/list-total";
import { NewerOlderPager } from "~/components/newer-older-pager";
import { BRAND_NAME } from "~/lib/constants";
import { formId } from "~/lib/form-id";
import { listHref } from "~/lib/list-query";
import { idOr404, NotFoundError } from "~/lib/not-found";
import { pagePromptsSchema, TEAM_PROMPT_PAGES_PAGE_SIZE } from "~/lib/schemas/team";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { useLoadingHere } from "~/lib/use-loading-here";
import { cn } from "~/lib/utils";
import { PromptsError, teamSavePagePrompts } from "~/models/prompts.server";
import { parseTeamPromptPagesQuery, teamListPromptPages } from "~/models/team-visibility.server";
import { requireTeamMember, type TeamMember } from "~/services/auth.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";
import { PagePromptsCard } from "./site-prompts/page-prompts-card";

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `Questions aux assistants – ${loaded?.site.name ?? "Site"} – Console – ${BRAND_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const query = parseTeamPromptPagesQuery(url.searchParams);
  const listed = await teamListPromptPages(member, idOr404(params.siteId), query);
  if (!listed) throw data(null, { status: 404 });
  return { query, ...listed };
}

type Ctx = { request: Request; form: FormData; member: TeamMember; siteId: number };

/** The page's prompts as typed (blank fields left out). */
async function save({ form, member, siteId }: Ctx) {
  const submission = parseSubmission(form, pagePromptsSchema);
  if (submission.status !== "success")
    return reply({ ok: false, intent: "save", ...invalidForm(submission, { title: "Questions non enregistrées" }) });
  const saved = await teamSavePagePrompts(member, siteId, submission.value.page, submission.value.prompts);
  const n = saved.prompts.length;
  return reply({
    ok: true,
    intent: "save",
    toast: successToast(
      "Questions enregistrées",
      `${n} question${n > 1 ? "s" : ""}, posée${n > 1 ? "s" : ""} dès la prochaine vérification.`,
    ),
  });
}

/** Back to the default prompts (the team's are deleted; the answers keep the question they were asked). */
async function reset({ form, member, siteId }: Ctx) {
  const pageId = formId(form, "page");
  if (pageId === null)
    return reply({
      ok: false,
      intent: "reset",
      toast: errorToast("Cette page n'est pas reconnue : rechargez la page, puis réessayez.", FAILURE_TITLES.reset),
    });
  await teamSavePagePrompts(member, siteId, pageId, []);
  return reply({
    ok: true,
    intent: "reset",
    toast: successToast("Questions par défaut rétablies", "Les trois questions par défaut seront posées dès la prochaine vérification."),
  });
}

const INTENTS = { save, reset };

const FAILURE_TITLES = { save: "Questions non enregistrées", reset: "Questions non rétablies" } as const;

export async function action({ request, params }: Route.ActionArgs) {
  const member = await requireTeamMember(request);
  const siteId = idOr404(params.siteId);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast("Action inconnue.", "Erreur") });
  return runIntent(
    INTENTS,
    intent,
    { request, form, member, user: member, siteId },
    {
      expected: [PromptsError],
      failed: (error, failedIntent) =>
        reply({
          ok: false,
          intent: failedIntent,
          toast: errorToast(
            error instanceof PromptsError
              ? error.message
              : error instanceof NotFoundError
                ? "Cette page n'existe plus : rechargez la page."
                : "L'action n'a pas pu être faite. Rien n'a été modifié ; réessayez.",
            FAILURE_TITLES[failedIntent],
          ),
        }),
    },
  );
}

export default function TeamSitePrompts({ loaderData: { query, site, pages, total } }: Route.ComponentProps) {
  const loading = useLoadingHere();
  const pageCount = Math.max(1, Math.ceil(total / TEAM_PROMPT_PAGES_PAGE_SIZE));
  const href = (page: number) => listHref(`/team/sites/${site.id}/prompts`, { page });
  return (
    <div className="grid max-w-4xl grid-cols-1 gap-6">
      <BackLink to={`/team/sites/${site.id}`}>{site.name}</BackLink>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">Questions aux assistants</h1>
        <p className="text-muted-foreground">
          Les questions posées aux LLM sur chaque page qui a un mot-clé utilisé : trois par défaut, écrites dans la langue du site à partir
          du nom de la page et de ses mots-clés, ou jusqu'à cinq écrites par l'équipe. Chacune est posée {site.samples} fois à chacun des{" "}
          {site.activeLlms} LLM interrogés, à chaque vérification.
        </p>
      </div>

      <ListTotal
        total={total}
        shown={pages.length}
        page={query.page}
        pages={pageCount}
        noun={["page", "pages"]}
        feminine
        empty="Aucune page de ce site n'a de mot-clé utilisé : il n'y a pas de question à poser."
      />

      {pages.length ? (
        <ul className={cn("grid gap-4", loading && "opacity-60")}>
          {pages.map((page) => (
            <li key={page.id}>
              <PagePromptsCard siteId={site.id} page={page} />
            </li>
          ))}
        </ul>
      ) : null}

      <NewerOlderPager
        page={query.page}
        pages={pageCount}
        href={href}
        label="Pages de la liste"
        links={["Pages précédentes", "Pages suivantes"]}
      />
      {total > 0 ? (
        <p className="text-sm text-muted-foreground">
          Le nombre de réponses par question et le coût estimé se règlent sur{" "}
          <Link to={`/team/sites/${site.id}`} className="text-primary underline underline-offset-4">
            la page du site
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
