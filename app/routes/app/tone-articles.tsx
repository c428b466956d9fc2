/**
 * /tone-articles (spec part 2): the shared tone groups and the user's own tone articles, and the 'Create
 * New Tone Article' dialog, which posts intent=create (name, parent, content) to this route.
 */
import { Plus } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Await, useRevalidator } from "react-router";
import type { Route } from "./+types/tone-articles";
import { PageHeader } from "~/components/page-header";
import { ToneArticlesTable } from "./tone-articles/tone-articles-table";
import type { ToneArticleItem } from "./tone-articles/types";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { notify } from "~/lib/notify";
import { parseSubmission } from "~/lib/schemas/submission";
import { toneArticleSchema } from "~/lib/schemas/tone-article";
import { successToast } from "~/lib/toast";
import { createToneArticle, listToneArticles, ToneArticleInputError } from "~/models/tone-article.server";
import { getSessionUser, requireUser, type SessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { intentOf, invalidForm, logRefused, reply, runIntent } from "~/services/route-action.server";
import { CreateToneArticleDialog } from "./tone-articles/tone-article-dialog";

export const meta: Route.MetaFunction = () => [{ title: `Tone Articles – ${BRAND_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Streamed: the table shows a loading state until the list arrives.
  const articles: Promise<ToneArticleItem[]> = listToneArticles(user).catch((error: unknown) => {
    logger.error({ err: error, userId: user.id }, "tone articles load failed");
    throw new Error("Failed to load tone articles");
  });
  return { articles };
}

type Ctx = { request: Request; form: FormData; user: SessionUser };

/** A refused form, said in the dialog (under its field, or above its buttons) without a toast. */
function refused(submission: Parameters<typeof invalidForm>[0], options?: Parameters<typeof invalidForm>[1]) {
  const { toast: _toast, ...answer } = invalidForm(submission, options);
  return reply({ ok: false, ...answer });
}

async function create({ form, user }: Ctx) {
  const submission = parseSubmission(form, toneArticleSchema);
  if (submission.status !== "success") return refused(submission);
  let created;
  try {
    created = await createToneArticle(user, submission.value);
  } catch (error) {
    // The model's own refusal (a parent that is no tone group the user can see) is the form's, like the schema's.
    if (!(error instanceof ToneArticleInputError)) throw error;
    logger.info({ userId: user.id, reason: error.message }, "tone article refused");
    const field = error.field === "form" ? { fallback: error.message } : { fieldErrors: { [error.field]: [error.message] } };
    return refused(submission, field);
  }
  logger.info({ userId: user.id, toneArticleId: created.id }, "tone article created");
  return reply({ ok: true, toast: successToast("Tone article created successfully") });
}

const INTENTS = { create };

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    logRefused(request, { intent: "create" });
    return reply({ ok: false, error: "You must be logged in to create a tone article." }, 401);
  }
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, error: "Unknown action" });
  return runIntent(
    INTENTS,
    intent,
    { request, form, user },
    { failed: () => reply({ ok: false, error: "Failed to create tone article. Please try again." }, 500) },
  );
}

export default function ToneArticles({ loaderData }: Route.ComponentProps) {
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Tone Articles"
        description="Tone groups and example texts that give your sites their voice."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> Create New Tone Article
          </Button>
        }
      />
      <Suspense fallback={<ToneArticlesLoading />}>
        <Await resolve={loaderData.articles} errorElement={<ToneArticlesError />}>
          {(articles) => (
            <>
              <ToneArticlesTable articles={articles} />
              <CreateToneArticleDialog
                open={creating}
                onOpenChange={setCreating}
                groups={articles.filter((a) => a.parentId === null).map(({ id, name }) => ({ id, name }))}
              />
            </>
          )}
        </Await>
      </Suspense>
    </div>
  );
}

function ToneArticlesLoading() {
  return (
    <div className="grid gap-4">
      <Spinner label="Loading tone articles..." className="text-muted-foreground" />
      <Skeleton className="h-64 rounded-xl" aria-hidden="true" />
    </div>
  );
}

function ToneArticlesError() {
  const revalidator = useRevalidator();
  useEffect(() => notify({ type: "error", title: "Error", description: "Failed to load tone articles" }), []);
  return (
    <Card className="items-center gap-3 px-6 py-12 text-center" role="alert">
      <p className="font-medium">Failed to load tone articles</p>
      <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
        Try again
      </Button>
    </Card>
  );
}
