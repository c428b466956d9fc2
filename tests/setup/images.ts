/** Image bytes for upload tests: a real (decodable) 1x1 PNG, and the first bytes of the other formats. */
import zlib from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid PNG of width x height pixels, all one RGB colour. */
export function pngBytes(width = 1, height = 1, rgb: [number, number, number] = [79, 70, 229]): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", pixels),
      chunk("IEND", new Uint8Array()),
    ]),
  );
}

/** The start of a JPEG file (SOI + APP0/JFIF marker). */
export const JPEG_START = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
/** A GIF89a header with a 1x1 logical screen. */
export const GIF_START = new Uint8Array([...Buffer.from("GIF89a", "ascii"), 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]);
/** A RIFF/WEBP header (VP8L chunk follows). */
export const WEBP_START = new Uint8Array([...Buffer.from("RIFF", "ascii"), 0x1a, 0, 0, 0, ...Buffer.from("WEBPVP8L", "ascii"), 0x0d, 0, 0, 0]);

/** `size` bytes starting with `start`, padded with zeros. */
export function padded(start: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(start.subarray(0, size));
  return bytes;
}
