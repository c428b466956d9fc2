import type { Toast } from "~/lib/toast";

export type ImageIntent = "choose" | "delete" | "generate" | "upload";

/** What the images route's action answers to every intent. */
export type ImagesActionResult = { ok: boolean; intent: ImageIntent; toast: Toast; stamp: number };

export type ShownImage = { id: number; imageUrl: string; chosen: boolean };
