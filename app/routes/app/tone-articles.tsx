import { Plus } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Await, data, useRevalidator } from "react-router";
import type { Route } from "./+types/tone-articles";
import { PageHeader } from "~/components/page-header";
import { CreateToneArticleDialog } from "~/components/tone-articles/tone-article-dialog";
import { ToneArticlesTable } from "~/components/tone-articles/tone-articles-table";
import type { ToneArticleActionResult, ToneArticleItem } from "~/components/tone-articles/types";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { notify } from "~/lib/notify";
import { createToneArticle, listToneArticles, ToneArticleInputError } from "~/models/tone-article.server";
import { clientIp, getSessionUser, requireUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";

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

const reply = (result: Omit<ToneArticleActionResult, "stamp">, status = result.ok ? 200 : 400) =>
  data<ToneArticleActionResult>({ ...result, stamp: Date.now() }, { status });

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    logger.info({ ip: clientIp(request) }, "refused: tone article creation without a session");
    return reply({ ok: false, error: "You must be logged in to create a tone article." }, 401);
  }
  const form = await request.formData();
  if (form.get("intent") !== "create") return reply({ ok: false, error: "Unknown action" });
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : undefined;
  };
  try {
    const created = await createToneArticle(user, { name: text("name") ?? "", parent: text("parent"), content: text("content") });
    logger.info({ userId: user.id, toneArticleId: created.id }, "tone article created");
    return reply({ ok: true, toast: { type: "success", title: "Tone article created successfully" } });
  } catch (error) {
    if (error instanceof ToneArticleInputError) {
      logger.info({ userId: user.id, reason: error.message }, "tone article refused");
      const errors = error.field === "form" ? undefined : { [error.field]: error.message };
      return reply({ ok: false, error: error.message, errors });
    }
    logger.error({ err: error, userId: user.id }, "tone article creation failed");
    return reply({ ok: false, error: "Failed to create tone article. Please try again." }, 500);
  }
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
