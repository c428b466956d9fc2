import { useEffect, useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/images";
import { PageTrail } from "~/components/page-trail";
import { WorkNotice } from "~/components/pending-work";
import { DeleteImageDialog, type ImageToDelete } from "~/components/images/delete-dialog";
import { ExampleGrid, ExampleUpload } from "~/components/images/examples";
import { GenerateImageForm } from "~/components/images/generate-form";
import { LoadError, PropositionGrid } from "~/components/images/propositions";
import type { ImageIntent, ImagesActionResult } from "~/components/images/types";
import { RouteErrorBoundary } from "~/components/route-error";
import { Card } from "~/components/ui/card";
import { BRAND_NAME } from "~/lib/constants";
import { IMAGE_MESSAGES, parseGenerateImageForm, uploadedMessage } from "~/lib/image-rules";
import { PAGE_NOT_FOUND, throwNotFound } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import { PENDING_TEXTS } from "~/lib/pending-work";
import type { Toast } from "~/lib/toast";
import { usePollWhile } from "~/lib/use-poll";
import { NotFoundError, ownedPage, parseId } from "~/models/access.server";
import {
  addExamples,
  chooseProposition,
  deleteImage,
  ImageNotFoundError,
  ImageUploadError,
  listImages,
  requestImageGeneration,
} from "~/models/image.server";
import { pageWork } from "~/models/page-action.server";
import { requireUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Images – ${data?.page.name ?? "Page"} – ${BRAND_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  let page;
  try {
    page = await ownedPage(user, parseId(params.pageId, "page"), parseId(params.siteId, "site"));
  } catch (error) {
    if (error instanceof NotFoundError) throwNotFound(PAGE_NOT_FOUND);
    throw error;
  }
  // Cover images queued or running: the screen reads its data again until the propositions are stored.
  const work = (await pageWork(page.id, ["create_cover_image"])).create_cover_image;
  try {
    const images = await listImages(user, page.site.id, page.id);
    return { page, images, work };
  } catch (error) {
    if (error instanceof NotFoundError) throwNotFound(PAGE_NOT_FOUND);
    logger.error({ err: error, pageId: page.id }, "images load failed");
    return { page, images: null, work };
  }
}

const INTENTS: ImageIntent[] = ["choose", "delete", "generate", "upload"];

const FAILURES: Record<ImageIntent, string> = {
  choose: IMAGE_MESSAGES.selectFailed,
  delete: IMAGE_MESSAGES.deleteFailed,
  generate: IMAGE_MESSAGES.generateFailed,
  upload: IMAGE_MESSAGES.uploadFailed,
};

const reply = (intent: ImageIntent, ok: boolean, toast: Toast, status = ok ? 200 : 400) =>
  data<ImagesActionResult>({ ok, intent, toast, stamp: Date.now() }, { status });

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const raw = String(form.get("intent") ?? "");
  const intent = (INTENTS as string[]).includes(raw) ? (raw as ImageIntent) : null;
  if (!intent) return reply("generate", false, { type: "error", title: "Error", description: "Unknown request." });
  const fail = (status: number, description?: string) =>
    reply(intent, false, { type: "error", title: FAILURES[intent], description }, status);

  try {
    const page = await ownedPage(user, parseId(params.pageId, "page"), parseId(params.siteId, "site"));
    const imageId = Number(form.get("imageId"));
    switch (intent) {
      case "choose":
        await chooseProposition(user, page.id, imageId);
        return reply(intent, true, { type: "success", title: IMAGE_MESSAGES.selected });
      case "delete":
        await deleteImage(user, page.id, imageId);
        return reply(intent, true, { type: "success", title: IMAGE_MESSAGES.deleted });
      case "generate":
        await requestImageGeneration(user, page.id, parseGenerateImageForm(Object.fromEntries(form)));
        return reply(intent, true, { type: "success", title: IMAGE_MESSAGES.generated });
      case "upload": {
        const files = form.getAll("files").filter((value): value is File => value instanceof File);
        const added = await addExamples(user, page.id, files);
        return reply(intent, true, { type: "success", title: uploadedMessage(added.length) });
      }
    }
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ImageNotFoundError) {
      logger.info({ userId: user.id, intent, pageId: params.pageId }, "refused: image request on a missing or foreign record");
      return fail(404);
    }
    if (error instanceof ImageUploadError) return fail(400, error.message);
    logger.error({ err: error, intent }, "image request failed");
    return fail(500);
  }
}

export default function ImagesScreen({ loaderData: { page, images, work } }: Route.ComponentProps) {
  usePollWhile(work.pending);
  const [toDelete, setToDelete] = useState<ImageToDelete | null>(null);
  const onDelete = (image: { id: number }, label: string) => setToDelete({ id: image.id, label });

  useEffect(() => {
    if (images) return;
    notify({ type: "error", title: IMAGE_MESSAGES.loadPropositions, id: "load-propositions" });
    notify({ type: "error", title: IMAGE_MESSAGES.loadExamples, id: "load-examples" });
  }, [images]);

  return (
    <div className="mx-auto max-w-5xl">
      <PageTrail
        page={{ id: page.id, name: page.name, siteId: page.site.id, siteName: page.site.name }}
        current="Images"
        backLabel="Back to Page"
      />
      <h1 className="mb-6 text-2xl font-bold break-words">Images – {page.name}</h1>

      <div className="grid gap-6">
        <Section
          id="propositions"
          title="Image Propositions"
          description="Cover images proposed for this page. The chosen one is used as the cover."
        >
          {images ? (
            <PropositionGrid images={images.propositions} onDelete={onDelete} />
          ) : (
            <LoadError text={IMAGE_MESSAGES.loadPropositions} />
          )}
        </Section>

        <Section id="generate" title="Generate New Image" description="The request is queued; new propositions appear here once generated.">
          <GenerateImageForm examples={images?.examples ?? []} />
          {/* Beside the button that asked for it: where the request stands, why it failed, and Retry. */}
          <WorkNotice
            status={work}
            pendingText={PENDING_TEXTS.coverImage}
            what="cover image request"
            pagePath={`/sites/${page.site.id}/pages/${page.id}`}
          />
        </Section>

        <Section id="examples" title="Image Examples" description="Images the generated covers can start from.">
          <div className="grid gap-4">
            <ExampleUpload />
            {images ? <ExampleGrid images={images.examples} onDelete={onDelete} /> : <LoadError text={IMAGE_MESSAGES.loadExamples} />}
          </div>
        </Section>
      </div>
      <DeleteImageDialog image={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: React.ReactNode }) {
  return (
    <Card className="gap-4 p-4 sm:p-6" role="region" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </Card>
  );
}
