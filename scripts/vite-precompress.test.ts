import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIN_BYTES, precompressDir } from "./vite-precompress";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompress-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
};

describe("precompressDir", () => {
  it("writes a .br and a .gz beside each text file, which decompress to the same bytes", async () => {
    const source = `export const words = ${JSON.stringify("mot ".repeat(2_000))};\n`;
    const file = write("assets/chunk-abc.js", source);
    write("assets/app.css", "body { color: black; }\n".repeat(100));
    await precompressDir(dir);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(source);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(source);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
    expect(fs.existsSync(path.join(dir, "assets/app.css.br"))).toBe(true);
  });

  it("leaves small files, images and files that would not shrink as they are", async () => {
    write("favicon.svg", "<svg/>".padEnd(MIN_BYTES - 1, " "));
    write("og-image.png", Buffer.alloc(4_096, 7));
    const random = write("assets/random.js", Buffer.from(Array.from({ length: 4_096 }, () => Math.floor(Math.random() * 256))));
    await precompressDir(dir);
    const written = fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((name) => /\.(br|gz)$/.test(name));
    expect(written).toEqual([]);
    expect(fs.existsSync(`${random}.br`)).toBe(false);
  });
});
