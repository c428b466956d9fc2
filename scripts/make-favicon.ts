/**
 * Writes public/favicon.ico from the brand mark (public/favicon.svg): 16, 32 and 48 px images, each
 * stored as PNG inside the ICO container (understood by every browser since IE 9 and by crawlers).
 * The generated file is committed; run again after changing the mark: `npx tsx scripts/make-favicon.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const SIZES = [16, 32, 48];
const root = path.resolve(import.meta.dirname, "..");
const svg = fs.readFileSync(path.join(root, "public/favicon.svg"));

/** An ICO file: a 6-byte header, one 16-byte entry per image, then the images (PNG data here). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

const images = await Promise.all(
  SIZES.map(async (size) => ({
    size,
    // Drawn large, then scaled down: crisper small sizes than rasterizing the SVG at 16 px.
    png: await sharp(svg, { density: 768 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer(),
  })),
);
const out = path.join(root, "public/favicon.ico");
fs.writeFileSync(out, ico(images));
console.log(`${path.relative(root, out)}: ${SIZES.map((s) => `${s}x${s}`).join(", ")} (${fs.statSync(out).size} bytes)`);
