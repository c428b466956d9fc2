/**
 * /sites/:siteId/pages/:pageId/images (spec part 2, sections 4, 5 and 9): the page's cover image
 * propositions (choose one, delete), the Generate New Image form, and the example images (upload,
 * delete). Every change posts to this route with an `intent` (choose | delete | generate | upload),
 * handled by one function each; the screen shows the answer's toast.
 */
import { useEffect, useState } from "react";
import type { Route } from "./+types/images";
import { PageTrail } from "~/components/page-trail";
import { WorkNotice } from "~/components/pending-work";
import { RouteErrorBoundary } from "~/components/route-error";
import { Card } from "~/components/ui/card";
import { BRAND_NAME } from "~/lib/constants";
import { formId } from "~/lib/form-id";
import { IMAGE_MESSAGES, uploadedMessage } from "~/lib/image-rules";
import { NotFoundError, PAGE_NOT_FOUND, parseId, throwNotFound } from "~/lib/not-found";
import { notify } from "~/lib/notify";
import { PENDING_TEXTS } from "~/lib/pending-work";
import { generateImageSchema } from "~/lib/schemas/image";
import { parseSubmission } from "~/lib/schemas/submission";
import { successToast, type Toast } from "~/lib/toast";
import { usePollWhile } from "~/lib/use-poll";
import { ownedPage, requireActor, requireOwnedPage } from "~/models/access.server";
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
import type { SessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { intentOf, logRefused, reply, runIntent } from "~/services/route-action.server";
import { DeleteImageDialog, type ImageToDelete } from "./images/delete-dialog";
import { ExampleGrid, ExampleUpload } from "./images/examples";
import { GenerateImageForm } from "./images/generate-form";
import { LoadError, PropositionGrid } from "./images/propositions";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Images – ${loaderData?.page.name ?? "Page"} – ${BRAND_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const page = await requireOwnedPage(user, params, request);
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

type Ctx = { request: Request; form: FormData; user: SessionUser; params: Route.ActionArgs["params"] };

/** The page of the URL, owned by the user and on that site (NotFoundError otherwise): every intent starts here. */
const pageOf = ({ user, params }: Ctx) => ownedPage(user, parseId(params.pageId, "page"), parseId(params.siteId, "site"));

async function choose(ctx: Ctx) {
  const page = await pageOf(ctx);
  const imageId = formId(ctx.form, "imageId");
  if (imageId === null) return reply({ ok: false, intent: "choose", toast: failure("choose", IMAGE_MESSAGES.chooseAgain) });
  await chooseProposition(ctx.user, page.id, imageId);
  return reply({ ok: true, intent: "choose", toast: successToast(IMAGE_MESSAGES.selected) });
}

async function remove(ctx: Ctx) {
  const page = await pageOf(ctx);
  const imageId = formId(ctx.form, "imageId");
  if (imageId === null) return reply({ ok: false, intent: "delete", toast: failure("delete", IMAGE_MESSAGES.chooseAgain) });
  await deleteImage(ctx.user, page.id, imageId);
  return reply({ ok: true, intent: "delete", toast: successToast(IMAGE_MESSAGES.deleted) });
}

async function generate(ctx: Ctx) {
  const page = await pageOf(ctx);
  // The schema refuses nothing: every field falls back to the spec's default.
  const submission = parseSubmission(ctx.form, generateImageSchema);
  if (submission.status !== "success") return reply({ ok: false, intent: "generate", toast: failure("generate") });
  await requestImageGeneration(ctx.user, page.id, submission.value);
  return reply({ ok: true, intent: "generate", toast: successToast(IMAGE_MESSAGES.generated) });
}

async function upload(ctx: Ctx) {
  const page = await pageOf(ctx);
  const files = ctx.form.getAll("files").filter((value): value is File => value instanceof File);
  const added = await addExamples(ctx.user, page.id, files);
  return reply({ ok: true, intent: "upload", toast: successToast(uploadedMessage(added.length)) });
}

const INTENTS = { choose, delete: remove, generate, upload };
type ImageIntent = keyof typeof INTENTS;

const FAILURES: Record<ImageIntent, string> = {
  choose: IMAGE_MESSAGES.selectFailed,
  delete: IMAGE_MESSAGES.deleteFailed,
  generate: IMAGE_MESSAGES.generateFailed,
  upload: IMAGE_MESSAGES.uploadFailed,
};

const failure = (intent: ImageIntent, description?: string): Toast =>
  description === undefined ? { type: "error", title: FAILURES[intent] } : { type: "error", title: FAILURES[intent], description };

/**
 * The intent's failure toast: 404 for a page or an image that is missing or another account's, 400 with the
 * reason for a refused upload, 500 for anything else. (An image id that is no id is refused by its intent, 400.)
 */
function failed(error: unknown, intent: ImageIntent) {
  if (error instanceof NotFoundError || error instanceof ImageNotFoundError)
    return reply({ ok: false, intent, toast: failure(intent) }, 404);
  if (error instanceof ImageUploadError) return reply({ ok: false, intent, toast: failure(intent, error.message) }, 400);
  return reply({ ok: false, intent, toast: failure(intent) }, 500);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: "generate", toast: { type: "error", title: "Error", description: "Unknown request." } });
  return runIntent(
    INTENTS,
    intent,
    { request, form, user, params },
    {
      failed: (error, failedIntent) => {
        // An image that is not one of this page's is a refused access too.
        if (error instanceof ImageNotFoundError) logRefused(request, { userId: user.id, kind: "image", intent: failedIntent });
        return failed(error, failedIntent);
      },
      // The person's own doing: a file that is no accepted image; an image of another page (logged above as refused).
      expected: [ImageUploadError, ImageNotFoundError],
    },
  );
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
