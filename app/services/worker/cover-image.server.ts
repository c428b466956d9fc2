/**
 * create_cover_image: cover image propositions for a page, through an API speaking OpenAI's images protocol
 * (/images/generations, or /images/edits from the chosen example image), at a configurable URL with its key
 * and model. The prompt comes from the article and the form's comments; with generate_prompt on (and
 * OpenRouter set), a language model writes it from the article. Each image is resized with sharp to the
 * site's cover size (cover, centred on what draws the eye), stored as WebP in 'page-images' and recorded
 * as a proposition.
 */
import OpenAI, { toFile } from "openai";
import sharp from "sharp";
import { articleText } from "~/lib/sanitize.server";
import { UsageTally, type ClaimedAction, type Usage } from "~/models/action-queue.server";
import { coverImageContext, exampleImageBytes, saveCoverPropositions, type CoverImageContext } from "~/models/image-work.server";
import { MAX_IMAGES, MIN_IMAGES } from "~/lib/image-rules";
import { detectImageType } from "~/lib/image-type";
import { getEnv, missingSettings } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { PermanentError, RetryableError } from "./http.server";
import { ask, LLM_SETTINGS, openRouterClient, toWorkerError } from "./openrouter.server";

/** The settings an image request needs; the worker shows them while they are missing. */
export const IMAGE_SETTINGS = ["IMAGES_API_KEY"] as const;

type CoverRequest = {
  generate_prompt?: unknown;
  comments?: unknown;
  use_initial_photo?: unknown;
  image_example_id?: unknown;
  number_of_images?: unknown;
};

/** The size to ask the API for, by the cover's shape: the sizes each model family accepts. */
export function requestSize(model: string, width: number, height: number): string {
  const ratio = width / height;
  const shape = ratio > 1.2 ? "landscape" : ratio < 1 / 1.2 ? "portrait" : "square";
  if (model.startsWith("dall-e-2")) return "1024x1024";
  if (model.startsWith("dall-e-3")) return { landscape: "1792x1024", portrait: "1024x1792", square: "1024x1024" }[shape];
  return { landscape: "1536x1024", portrait: "1024x1536", square: "1024x1024" }[shape];
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The prompt written in code: the article's title and opening, the cover's shape, and the user's comments. */
export function coverPrompt(context: CoverImageContext, comments: string): string {
  const text = articleText(context.articleHtml).replace(/\s+/g, " ").trim();
  return [
    `A cover image for the article "${context.pageName}" on the website ${context.siteName}.`,
    text ? `What the article says: ${clip(text, 600)}` : null,
    comments ? `Wishes: ${comments}` : null,
    `Photographic or illustrated, a clear subject, no text, no letters, no logos; it will be cropped to ${context.width}×${context.height} pixels.`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** Asks the image API for `count` images; returns their bytes and the reported usage. */
async function generate(
  api: OpenAI,
  model: string,
  prompt: string,
  count: number,
  size: string,
  example: { bytes: Uint8Array; type: string } | null,
): Promise<{ images: Uint8Array[]; usage: Usage }> {
  const images: Uint8Array[] = [];
  const usage = new UsageTally();
  // dall-e-3 makes one image per request; the others take n.
  const perRequest = model.startsWith("dall-e-3") ? 1 : count;
  while (images.length < count) {
    const n = Math.min(perRequest, count - images.length);
    const params = { model, prompt, n, size } as Record<string, unknown>;
    const response = (
      example
        ? await api.images.edit({
            ...(params as object),
            image: await toFile(example.bytes, `example.${example.type.split("/")[1]}`, { type: example.type }),
          } as unknown as OpenAI.ImageEditParamsNonStreaming)
        : await api.images.generate(params as unknown as OpenAI.ImageGenerateParamsNonStreaming)
    ) as OpenAI.ImagesResponse & { usage?: { input_tokens?: number; output_tokens?: number; cost?: number } };
    const data = Array.isArray(response?.data) ? response.data : [];
    if (data.length === 0) throw new RetryableError("The image API sent an answer without images");
    for (const item of data) images.push(await imageBytes(item));
    usage.add({ tokensIn: response.usage?.input_tokens, tokensOut: response.usage?.output_tokens, costUsd: response.usage?.cost });
  }
  return { images: images.slice(0, count), usage };
}

/** Generated images are a few megabytes; anything far larger is not what was asked for. */
const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

/** An image of the answer: inline (b64_json) or at a URL (fetched with the provider timeout). */
async function imageBytes(item: OpenAI.Image): Promise<Uint8Array> {
  if (item.b64_json) return Buffer.from(item.b64_json, "base64");
  if (item.url) {
    const response = await fetch(item.url, { signal: AbortSignal.timeout(getEnv().PROVIDER_TIMEOUT_MS) }).catch(() => null);
    if (!response?.ok) throw new RetryableError("The image API's image could not be downloaded");
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > MAX_DOWNLOAD_BYTES) throw new RetryableError("The image API's image is larger than 50 MB");
    return bytes;
  }
  throw new RetryableError("The image API sent an image without data");
}

/** The site's cover size, as WebP; an answer that is not an image is the provider's fault (retried). */
export async function toCover(bytes: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  try {
    return await sharp(bytes).resize(width, height, { fit: "cover", position: sharp.strategy.attention }).webp({ quality: 82 }).toBuffer();
  } catch (err) {
    logger.warn({ err, bytes: bytes.byteLength }, "an image from the image API could not be read");
    throw new RetryableError("The image API sent something that is not an image");
  }
}

export function imagesClient(env = getEnv()) {
  return new OpenAI({ apiKey: env.IMAGES_API_KEY, baseURL: env.IMAGES_API_URL, timeout: env.PROVIDER_TIMEOUT_MS, maxRetries: 0 });
}

export function coverImageHandler(
  client: () => OpenAI = () => imagesClient(),
  writer: () => OpenAI | null = () => (missingSettings(LLM_SETTINGS).length === 0 ? openRouterClient() : null),
) {
  return async (action: ClaimedAction, lease?: AbortSignal): Promise<Usage> => {
    if (!action.linkedPage) throw new PermanentError("This image request names no page");
    const context = await coverImageContext(action.linkedPage);
    if (!context) throw new PermanentError("The page of this image request no longer exists");
    const info = (action.infoJson ?? {}) as CoverRequest;
    const requested = Number(info.number_of_images);
    // The form's limits hold for a site's own default too.
    const count = Math.min(
      MAX_IMAGES,
      Math.max(MIN_IMAGES, Number.isSafeInteger(requested) && requested > 0 ? requested : context.defaultCount),
    );
    const comments = typeof info.comments === "string" ? info.comments.trim() : "";
    const usage = new UsageTally();

    let example: { bytes: Uint8Array; type: string } | null = null;
    const exampleId = Number(info.image_example_id);
    if (info.use_initial_photo === true && Number.isSafeInteger(exampleId) && exampleId > 0) {
      const found = await exampleImageBytes(context.pageId, exampleId);
      if (!found) throw new PermanentError("The example image chosen for this request no longer exists");
      const type = detectImageType(found.bytes);
      if (!type) throw new PermanentError("The example image chosen for this request is not a readable image");
      // The images API takes PNG, JPEG or WebP: other examples (GIF) are converted first.
      example =
        type === "image/gif" ? { bytes: await sharp(found.bytes).png().toBuffer(), type: "image/png" } : { bytes: found.bytes, type };
    }

    let prompt = coverPrompt(context, comments);
    const llm = info.generate_prompt === true ? writer() : null;
    if (llm) {
      const model = getEnv().ARTICLE_MODEL;
      const written = await ask(
        llm,
        model,
        `Write the prompt for an image generator that will make the cover image of this article. One paragraph, in English, describing the scene, style and light; no text in the image.${comments ? ` Take these wishes into account: ${comments}` : ""}\n\n--- article ---\n${clip(articleText(context.articleHtml), 4000) || context.pageName}`,
      );
      prompt = `${clip(written.text, 3000)}\nNo text, no letters, no logos.`;
      usage.add(written.usage);
    }

    const env = getEnv();
    const generated = await generate(
      client(),
      env.IMAGES_MODEL,
      prompt,
      count,
      requestSize(env.IMAGES_MODEL, context.width, context.height),
      example,
    ).catch((err) => Promise.reject(toWorkerError(err, env.IMAGES_MODEL, "The image API")));
    usage.add(generated.usage);
    const covers = await Promise.all(generated.images.map((bytes) => toCover(bytes, context.width, context.height)));
    lease?.throwIfAborted();
    await saveCoverPropositions(context.pageId, context.versionId, covers);
    return usage;
  };
}
