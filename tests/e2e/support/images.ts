/** Tiny valid image files (1×1 pixel) made from bytes, and files that only pretend to be images. */
const fromBase64 = (b64: string) => Buffer.from(b64, "base64");

export const PNG_1X1 = fromBase64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=");
export const GIF_1X1 = fromBase64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");
export const WEBP_1X1 = fromBase64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
export const JPEG_1X1 = fromBase64(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
);

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** A real PNG (valid signature) padded to just over 5 MB. */
export function oversizedPng(): Buffer {
  const big = Buffer.alloc(LOGO_MAX_BYTES + 1);
  PNG_1X1.copy(big);
  return big;
}

export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

export const pngFile = (name = "logo.png"): FilePayload => ({ name, mimeType: "image/png", buffer: PNG_1X1 });
/** Plain text under an image's name and declared type: only its content gives it away. */
export const textPretendingToBePng = (): FilePayload => ({
  name: "logo.png",
  mimeType: "image/png",
  buffer: Buffer.from("This is not an image at all.\n"),
});
