/**
 * The lint rules that keep the layers (docs/decisions/013-eslint-boundaries.md), and the one that keeps a transaction
 * passed as the Db it is, fail on planted violations.
 * Each planted file is linted with the project's own eslint.config.js at a path inside a layer (the file need not
 * exist; what it imports does). The import cycle needs both files on disk: they are written to a temporary
 * folder under app/lib and removed afterwards.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const ZONE = "import-x/no-restricted-paths";
const CYCLE = "import-x/no-cycle";

// Real modules of each layer that the planted files import.
const MODEL = "~/models/site.server";
const ROUTE = "~/routes/public/home";
const SERVICE = "~/services/db.server";

let eslint: ESLint;

beforeAll(() => {
  for (const target of [
    "app/models/site.server.ts",
    "app/routes/public/home.tsx",
    "app/services/db.server.ts",
    "app/lib/sanitize.server.ts",
  ]) {
    if (!fs.existsSync(path.join(root, target))) throw new Error(`${target} moved: point this test at another module of its layer.`);
  }
  eslint = new ESLint({ cwd: root });
});

/** Lints `code` as if it were the file at `filePath` (relative to the root); answers its messages. */
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

/** A module that imports `from` and uses it (no unused-import noise). */
const importing = (from: string) => `import * as planted from "${from}";\n\nexport const used = planted;\n`;

describe("the import zones", { timeout: 60_000 }, () => {
  it("refuse a service importing a model", async () => {
    expect(await lint("app/services/planted.server.ts", importing(MODEL))).toEqual([
      { ruleId: ZONE, message: expect.stringContaining("app/services imports only app/services, app/lib and db/") },
    ]);
  });

  it("refuse the same import written as a relative path", async () => {
    expect(await lint("app/services/planted.server.ts", importing("../models/site.server"))).toEqual([
      { ruleId: ZONE, message: expect.stringContaining("app/services imports only") },
    ]);
  });

  it("refuse a model importing a route", async () => {
    expect(await lint("app/models/planted.server.ts", importing(ROUTE))).toEqual([
      { ruleId: ZONE, message: expect.stringContaining("app/models imports only") },
    ]);
  });

  it("refuse lib importing a service", async () => {
    expect(await lint("app/lib/planted.ts", importing(SERVICE))).toEqual([
      { ruleId: ZONE, message: expect.stringContaining("app/lib is code for both sides") },
    ]);
  });

  it("refuse a component importing a *.server model, even for a type", async () => {
    expect(await lint("app/components/planted.tsx", importing(MODEL))).toEqual([
      { ruleId: ZONE, message: expect.stringContaining("app/components is client-side UI") },
    ]);
    const typeOnly = `import type * as model from "${MODEL}";\n\nexport type Planted = typeof model;\n`;
    expect((await lint("app/components/planted.tsx", typeOnly)).map((m) => m.ruleId)).toEqual([ZONE]);
  });

  it("refuse a component importing a *.server module of lib", async () => {
    expect(await lint("app/components/planted.tsx", importing("~/lib/sanitize.server"))).toEqual([
      { ruleId: ZONE, message: expect.stringContaining("it never imports a *.server module") },
    ]);
  });

  it("refuse a job task importing a model", async () => {
    expect(await lint("app/jobs/tasks/planted.server.ts", importing(MODEL))).toEqual([
      { ruleId: ZONE, message: expect.stringContaining("app/jobs imports only") },
    ]);
  });

  it("refuse a route importing another route", async () => {
    expect(await lint("app/routes/public/planted.tsx", importing(ROUTE))).toEqual([
      { ruleId: ZONE, message: expect.stringContaining("A route module imports no other route module") },
    ]);
  });

  it("refuse a route importing the database or the schema: a query is a model function", async () => {
    for (const from of [SERVICE, "../../../db/schema"]) {
      expect(await lint("app/routes/app/planted.tsx", importing(from)), from).toEqual([
        { ruleId: ZONE, message: expect.stringContaining("Routes never build SQL") },
      ]);
    }
    expect(await lint("app/routes/app/planted/piece.tsx", importing(SERVICE))).toEqual([
      { ruleId: ZONE, message: expect.stringContaining("Routes never build SQL") },
    ]);
  });

  it("let a route module use the pieces in a screen's folder, which read its action's type but never its values", async () => {
    expect(await lint("app/routes/app/planted.tsx", importing("./pages/page-dialog"))).toEqual([]);
    const typeOnly = `import type { action } from "../pages";\n\nexport type Planted = typeof action;\n`;
    expect(await lint("app/routes/app/pages/planted.tsx", typeOnly)).toEqual([]);
    expect(await lint("app/routes/app/pages/planted.tsx", importing("../pages"))).toEqual([
      { ruleId: "@typescript-eslint/no-restricted-imports", message: expect.stringContaining("for types only") },
    ]);
  });

  it("let each layer import the layers below it", async () => {
    const cases: [string, string][] = [
      [
        "app/services/planted.server.ts",
        `import { formatDateTime } from "~/lib/format";\nimport { sites } from "../../db/schema";\n\nexport const used = [formatDateTime, sites];\n`,
      ],
      [
        "app/jobs/tasks/planted.server.ts",
        `import * as db from "${SERVICE}";\nimport { sites } from "../../../db/schema";\n\nexport const used = [db, sites];\n`,
      ],
      ["app/models/planted.server.ts", `import * as db from "${SERVICE}";\n\nexport const used = db;\n`],
      [
        "app/routes/public/planted.tsx",
        `import * as model from "${MODEL}";\nimport { Button } from "~/components/ui/button";\n\nexport const used = [model, Button];\n`,
      ],
    ];
    for (const [filePath, code] of cases) expect(await lint(filePath, code), filePath).toEqual([]);
  });
});

describe("the database's type", { timeout: 60_000 }, () => {
  const CAST = "no-restricted-syntax";

  it("refuses a transaction cast to Db through unknown, which it already is", async () => {
    const code = (cast: string) =>
      `import { getDb, type Db } from "${SERVICE}";\n\n` +
      `declare function write(db: Db): Promise<void>;\n\n` +
      `export async function planted() {\n  const db = await getDb();\n  await db.transaction(async (tx) => write(${cast}));\n}\n`;
    expect(await lint("app/models/planted.server.ts", code("tx as unknown as Db"))).toEqual([
      { ruleId: CAST, message: expect.stringContaining("without `as unknown as Db`") },
    ]);
    expect(await lint("app/jobs/planted.server.ts", code("tx as unknown as typeof db"))).toEqual([
      { ruleId: CAST, message: expect.stringContaining("without `as unknown as typeof db`") },
    ]);
    expect(await lint("app/models/planted.server.ts", code("tx"))).toEqual([]);
  });
});

describe("the cycle rule", { timeout: 60_000 }, () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(root, "app/lib/lint-cycle-"));
    fs.writeFileSync(path.join(dir, "a.ts"), `import { b } from "./b";\n\nexport const a = () => b;\n`);
    fs.writeFileSync(path.join(dir, "b.ts"), `import { a } from "./a";\n\nexport const b = () => a;\n`);
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses two modules importing each other", async () => {
    const results = await eslint.lintFiles([path.join(dir, "a.ts"), path.join(dir, "b.ts")]);
    expect(results.map((result) => result.messages.map((m) => m.ruleId))).toEqual([[CYCLE], [CYCLE]]);
  });
});
