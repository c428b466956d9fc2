/**
 * Every article text goes through the one writer (issue 39): app/jobs/version-writer.server.ts inserts versions and
 * replaces their text, and asks for the text's content score, so no other application module inserts into
 * pages_versions, sets its html_content, or does either in raw SQL. Read with TypeScript's parser, so that the
 * check follows the code rather than its spelling. Scripts (benchmarks, Lighthouse's seed) and tests may write rows
 * directly: they make fixtures, not versions a user reads.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const WRITER = "app/jobs/version-writer.server.ts";

/** The ways `text` (the module `file`) writes an article text itself, as `line: what`. */
export function ownVersionWrites(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const isVersionsTable = (node: ts.Node | undefined) =>
    !!node &&
    ((ts.isIdentifier(node) && node.text === "pagesVersions") ||
      (ts.isPropertyAccessExpression(node) && node.name.text === "pagesVersions"));
  /** The `.set({...})` that follows `.update(pagesVersions)` in the same chain, if any. */
  const setArgumentAbove = (node: ts.Node): ts.Expression | undefined => {
    for (let up = node.parent; up; up = up.parent) {
      if (ts.isCallExpression(up) && ts.isPropertyAccessExpression(up.expression) && up.expression.name.text === "set")
        return up.arguments[0];
      if (!ts.isPropertyAccessExpression(up) && !ts.isCallExpression(up)) return undefined;
    }
    return undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isVersionsTable(node.arguments[0])) {
      const method = node.expression.name.text;
      if (method === "insert") found.push(`${line(node)}: inserts a version`);
      if (method === "update") {
        const set = setArgumentAbove(node);
        if (
          set &&
          ts.isObjectLiteralExpression(set) &&
          set.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === "htmlContent")
        )
          found.push(`${line(node)}: sets a version's text`);
      }
    }
    if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isStringLiteral(node)
    ) {
      if (
        /insert\s+into\s+"?pages_versions"?[\s(]/i.test(node.text) ||
        /update\s+"?pages_versions"?\s+set\s[^;]*html_content/i.test(node.text)
      )
        found.push(`${line(node)}: writes a version in SQL`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The application's modules (app/ and db/, tests left out). */
function applicationModules(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(rel);
    }
  };
  walk("app");
  walk("db");
  return files;
}

describe("the one version writer", () => {
  it("finds the writes a module could make on its own", () => {
    const planted = `
      await tx.insert(pagesVersions).values({ page: 1, htmlContent: "x" });
      await db.update(schema.pagesVersions).set({ htmlContent: html, approved: false }).where(eq(pagesVersions.id, 1));
      await db.update(pagesVersions).set({ approved: true }).where(eq(pagesVersions.id, 1));
      await db.execute(sql\`insert into pages_versions (page, html_content) values (\${1}, 'x')\`);
      await db.execute(sql\`update pages_versions set approved = true\`);
    `;
    expect(ownVersionWrites("app/models/planted.server.ts", planted)).toEqual([
      "2: inserts a version",
      "3: sets a version's text",
      "5: writes a version in SQL",
    ]);
  });

  it("is the only module of the application that writes an article's text", () => {
    const writers = applicationModules().flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      // Only a module that names the table can write it: the others are not parsed.
      if (!/pagesVersions|pages_versions/.test(text)) return [];
      return ownVersionWrites(file, text).map((write) => `${file}:${write}`);
    });
    expect(writers.filter((write) => !write.startsWith(`${WRITER}:`))).toEqual([]);
    expect(writers.filter((write) => write.startsWith(`${WRITER}:`)).length).toBeGreaterThan(0);
  });
});
