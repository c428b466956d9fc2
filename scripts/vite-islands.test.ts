import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleIsland } from "./vite-islands";

describe("an island bundled for a page to carry inline", () => {
  it("has its imports inlined, cannot close its script element, and comes with the hash the policy allows it by", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "island-"));
    try {
      fs.writeFileSync(
        path.join(dir, "lib.ts"),
        'export const closing = "</script><script>alert(1)</script>";\nexport const twice = (n: number) => n * 2;\n',
      );
      fs.writeFileSync(
        path.join(dir, "demo.ts"),
        'import { closing, twice } from "./lib";\ndocument.body.dataset.demo = closing + twice(21);\n',
      );
      const { code, hash } = await bundleIsland(path.join(dir, "demo.ts"));
      expect(code).not.toMatch(/\bimport\b/);
      expect(code).not.toMatch(/<\/script/i);
      expect(code).toContain("<\\/script>");
      expect(hash).toBe(crypto.createHash("sha256").update(code).digest("base64"));

      // The escaped text still means the same string.
      const page = { body: { dataset: { demo: "" } } };
      new Function("document", code)(page);
      expect(page.body.dataset.demo).toBe("</script><script>alert(1)</script>42");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("bundles every island of the app", async () => {
    const dir = path.resolve(import.meta.dirname, "../app/islands");
    for (const file of fs.readdirSync(dir).filter((f) => /^[a-z][a-z-]*\.ts$/.test(f))) {
      const { code } = await bundleIsland(path.join(dir, file));
      expect(code.length, file).toBeGreaterThan(100);
      expect(code, file).not.toMatch(/\bimport\s*[("{*\w]/);
    }
  });
});
