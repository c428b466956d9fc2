/**
 * The site's icon: browsers, bookmarks and crawlers ask for /favicon.ico whatever the page says, and
 * older ones only understand that format. It is a real ICO file of the brand mark, linked from every
 * page's head next to the SVG one, and cached.
 */
import { expect, test } from "./support/fixtures";

/** The images an ICO file holds (its directory): width, height, and whether each is PNG-encoded. */
function icoImages(body: Buffer) {
  expect(body.readUInt16LE(0), "ICO reserved field").toBe(0);
  expect(body.readUInt16LE(2), "ICO type (1 = icon)").toBe(1);
  const count = body.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const entry = 6 + i * 16;
    const size = body.readUInt32LE(entry + 8);
    const offset = body.readUInt32LE(entry + 12);
    expect(offset + size, "the image lies inside the file").toBeLessThanOrEqual(body.length);
    return {
      width: body[entry] || 256,
      height: body[entry + 1] || 256,
      png: body.subarray(offset, offset + 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    };
  });
}

test("a browser asking for /favicon.ico gets the brand's icon, cached, and every page links it", async ({ request, page }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const maxAge = Number(response.headers()["cache-control"]?.match(/max-age=(\d+)/)?.[1] ?? 0);
  expect(maxAge, `cache-control: ${response.headers()["cache-control"]}`).toBeGreaterThanOrEqual(3600);
  const images = icoImages(await response.body());
  expect(images.map((i) => `${i.width}x${i.height}`)).toEqual(expect.arrayContaining(["16x16", "32x32", "48x48"]));
  expect(images.every((i) => i.png)).toBe(true);

  // The head names it (and keeps the SVG one for the browsers that prefer it).
  await page.goto("/");
  await expect(page.locator('head link[rel="icon"][href="/favicon.ico"]')).toHaveAttribute("sizes", /\d+x\d+/);
  await expect(page.locator('head link[rel="icon"][href="/favicon.svg"]')).toHaveAttribute("type", "image/svg+xml");
  expect((await request.get("/favicon.svg")).status()).toBe(200);
});
