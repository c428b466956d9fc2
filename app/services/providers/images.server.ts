/**
 * The images API: any API speaking OpenAI's images protocol (/images/generations, or /images/edits from an
 * example image), at a configurable URL with its key and model, through the openai SDK.
 */
import OpenAI, { toFile } from "openai";
import { UsageTally, type Usage } from "~/lib/usage";
import { getEnv } from "~/services/env.server";
import { RetryableError, withTimeout } from "./http.server";

/** The settings an image request needs; the worker shows them while they are missing. */
export const IMAGE_SETTINGS = ["IMAGES_API_KEY"] as const;

export function imagesClient(env = getEnv()) {
  return new OpenAI({ apiKey: env.IMAGES_API_KEY, baseURL: env.IMAGES_API_URL, timeout: env.PROVIDER_TIMEOUT_MS, maxRetries: 0 });
}

/** The size to ask the API for, by the cover's shape: the sizes each model family accepts. */
export function requestSize(model: string, width: number, height: number): string {
  const ratio = width / height;
  const shape = ratio > 1.2 ? "landscape" : ratio < 1 / 1.2 ? "portrait" : "square";
  if (model.startsWith("dall-e-2")) return "1024x1024";
  if (model.startsWith("dall-e-3")) return { landscape: "1792x1024", portrait: "1024x1792", square: "1024x1024" }[shape];
  return { landscape: "1536x1024", portrait: "1024x1536", square: "1024x1024" }[shape];
}

/** Asks the image API for `count` images; returns their bytes and the reported usage. */
export async function generateImages(
  api: OpenAI,
  model: string,
  prompt: string,
  count: number,
  size: string,
  example: { bytes: Uint8Array; type: string } | null,
  signal?: AbortSignal,
  /** Each call's usage goes here as it answers (the worker's meter records it at once). */
  meter?: UsageTally,
): Promise<{ images: Uint8Array[]; usage: Usage }> {
  const images: Uint8Array[] = [];
  const usage = meter ?? new UsageTally();
  // dall-e-3 makes one image per request; the others take n.
  const perRequest = model.startsWith("dall-e-3") ? 1 : count;
  while (images.length < count) {
    const n = Math.min(perRequest, count - images.length);
    const params = { model, prompt, n, size } as Record<string, unknown>;
    const response = (
      example
        ? await api.images.edit(
            {
              ...(params as object),
              image: await toFile(example.bytes, `example.${example.type.split("/")[1]}`, { type: example.type }),
            } as unknown as OpenAI.ImageEditParamsNonStreaming,
            { signal },
          )
        : await api.images.generate(params as unknown as OpenAI.ImageGenerateParamsNonStreaming, { signal })
    ) as OpenAI.ImagesResponse & { usage?: { input_tokens?: number; output_tokens?: number; cost?: number } };
    // Counted as soon as the API answered: the call was paid, whatever happens to its images.
    usage.add(
      { tokensIn: response.usage?.input_tokens, tokensOut: response.usage?.output_tokens, costUsd: response.usage?.cost },
      { provider: "images", model },
    );
    const data = Array.isArray(response?.data) ? response.data : [];
    if (data.length === 0) throw new RetryableError("The image API sent an answer without images");
    for (const item of data) images.push(await imageBytes(item, signal));
  }
  return { images: images.slice(0, count), usage };
}

/** Generated images are a few megabytes; anything far larger is not what was asked for. */
const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

/** An image of the answer: inline (b64_json) or at a URL (fetched with the provider timeout). */
async function imageBytes(item: OpenAI.Image, signal?: AbortSignal): Promise<Uint8Array> {
  if (item.b64_json) return Buffer.from(item.b64_json, "base64");
  if (item.url) {
    const response = await fetch(item.url, { signal: withTimeout(getEnv().PROVIDER_TIMEOUT_MS, signal) }).catch(() => null);
    if (!response?.ok) throw new RetryableError("The image API's image could not be downloaded");
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > MAX_DOWNLOAD_BYTES) throw new RetryableError("The image API's image is larger than 50 MB");
    return bytes;
  }
  throw new RetryableError("The image API sent an image without data");
}
