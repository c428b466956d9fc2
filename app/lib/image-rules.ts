/**
 * Rules of the images screen (spec part 2, sections 4, 5 and 9): the Generate New Image form, the
 * example picker and the example upload. Shared by the browser and the server.
 */
import { toId } from "./form-id";

/** The storage bucket of pages' images (spec: page-images): examples and generated propositions. */
export const PAGE_IMAGES_BUCKET = "page-images" as const;

export const MIN_IMAGES = 1;
export const MAX_IMAGES = 10;
export const DEFAULT_IMAGES = 1;

/** Largest accepted example image (each file of a batch). */
export const EXAMPLE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Largest batch one request can carry: the server refuses bodies above 12 MB (server/index.ts), so
 * the browser refuses a selection above this before sending it.
 */
export const UPLOAD_BATCH_MAX_BYTES = 11 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  loadPropositions: "Failed to load image propositions",
  loadExamples: "Failed to load example images",
  generateFailed: "Failed to request image generation",
  generated: "Image generation requested successfully",
  selectFailed: "Failed to select image",
  selected: "Image selected successfully",
  deleteFailed: "Failed to delete image",
  deleted: "Image deleted successfully",
  uploadFailed: "Failed to upload images",
  noPropositions: "No image propositions available",
  noExamples: "No example images available",
  formats: "Please use JPG, PNG, GIF, or WebP images of at most 10 MB each.",
  noFiles: "Please choose at least one image file.",
  batchTooLarge: "Too many bytes at once: upload at most 11 MB of images per batch (10 MB max each).",
  /** Choose or delete without an image id the form could carry: only a changed page posts that. */
  chooseAgain: "Reload the page, then choose the image again.",
} as const;

export const uploadedMessage = (count: number) => `${count} image(s) uploaded successfully`;

/**
 * numberOfImages: 1 to 10, default 1. Anything unparsable (empty, text, NaN) becomes 1; a decimal is
 * cut to its integer part; a number out of range is clamped to the nearest bound (0 → 1, 25 → 10)
 * rather than refused, so the form always sends a usable count.
 */
export function parseNumberOfImages(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (text === "") return DEFAULT_IMAGES;
  const parsed = Number(text);
  if (!Number.isFinite(parsed)) return DEFAULT_IMAGES;
  return Math.min(MAX_IMAGES, Math.max(MIN_IMAGES, Math.trunc(parsed)));
}

/** A switch or checkbox value from a form: on only when explicitly "on"/"true" (default false). */
export function parseFlag(value: unknown): boolean {
  return value === true || value === "on" || value === "true";
}

export type GenerateImageInput = {
  numberOfImages: number;
  generatePrompt: boolean;
  useInitialPhoto: boolean;
  comments: string;
  /** The selected example image; kept only when useInitialPhoto is on. */
  imageExampleId: number | null;
};

/** The form's fields, with the spec's defaults; the selected example is dropped when useInitialPhoto is off. */
export function parseGenerateImageForm(values: Record<string, unknown>): GenerateImageInput {
  const useInitialPhoto = parseFlag(values.useInitialPhoto);
  const exampleId = toId(values.imageExampleId);
  return {
    numberOfImages: parseNumberOfImages(values.numberOfImages),
    generatePrompt: parseFlag(values.generatePrompt),
    useInitialPhoto,
    comments: typeof values.comments === "string" ? values.comments : "",
    imageExampleId: useInitialPhoto ? exampleId : null,
  };
}

export type CoverImageInfo = {
  generate_prompt: boolean;
  comments: string;
  use_initial_photo: boolean;
  /** The example image id when use_initial_photo is on (null otherwise). */
  image_example_id: number | null;
  number_of_images: number;
};

/** The info_json of a create_cover_image request (spec part 2, section 3). */
export function coverImageInfo(input: GenerateImageInput): CoverImageInfo {
  return {
    generate_prompt: input.generatePrompt,
    comments: input.comments,
    use_initial_photo: input.useInitialPhoto,
    image_example_id: input.useInitialPhoto ? input.imageExampleId : null,
    number_of_images: parseNumberOfImages(input.numberOfImages),
  };
}

/** Clicking an example selects it; clicking the selected one again unselects it. */
export function toggleSelectedExample(selected: number | null, clicked: number): number | null {
  return selected === clicked ? null : clicked;
}

/** Only files whose type starts with image/ are kept (the browser's check; the server checks content). */
export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith("image/");
}

export function imageFilesOnly<T extends { type: string }>(files: Iterable<T>): T[] {
  return [...files].filter(isImageFile);
}
