/** Recognises the four accepted image formats by their first bytes (magic numbers), not by name. */
export type ImageType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

export const EXTENSIONS: Record<ImageType, string[]> = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** The extension to store a file under: the original one when it fits the detected type. */
export function extensionFor(type: ImageType, originalName: string): string {
  const ext = originalName.split(".").pop()?.toLowerCase() ?? "";
  return EXTENSIONS[type].includes(ext) ? ext : EXTENSIONS[type][0];
}

export function typeForExtension(ext: string): ImageType | null {
  const lower = ext.toLowerCase();
  for (const [type, exts] of Object.entries(EXTENSIONS)) if (exts.includes(lower)) return type as ImageType;
  return null;
}
