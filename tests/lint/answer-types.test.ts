/**
 * A screen reads its answers' types from the route that gives them (docs/decisions/016): under app/routes, every
 * `useFetcher<T>`, `useToastFetcher<T>`, `useActionData<T>` and `useLoaderData<T>` names `typeof` a route module's
 * action or loader (imported for its type, or the module's own), never a type written by hand, which says again,
 * and may come to say wrongly, what the action answers; nor is a fetcher's `.data` cast to such a type (issue 37:
 * the Publishing screen's import card had two hand-written answers, its webhook card a cast).
 * Read with TypeScript's parser: a type argument is judged by what it is, not by how it is spelled.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const HOOKS = new Set(["useFetcher", "useToastFetcher", "useActionData", "useLoaderData"]);

/** A route module: a file directly under app/routes/<group>/ (app/routes.ts names them), given without its extension. */
const isRouteModule = (module: string) => /^app\/routes\/[^/]+\/[^/.]+(\.tsx?)?$/.test(module);

/** Where an import of `file` points, relative to the root (`~/` is app/), or null for a package. */
function resolve(file: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return `app/${specifier.slice(2)}`;
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(file), specifier);
  return null;
}

/** The hooks of `file` whose type argument is not `typeof` a route module's export, as `line: hook<argument>`. */
function handWrittenAnswers(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  // The names this file imports from a route module.
  const fromRoutes = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = resolve(file, statement.moduleSpecifier.text);
    if (target === null || !isRouteModule(target)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) fromRoutes.add(element.name.text);
  }
  const own = isRouteModule(file);
  // The fetchers of this file (`const saving = useToastFetcher<...>(...)`): their `.data` is the answer.
  const fetchers = new Set<string>();
  const collect = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      ["useFetcher", "useToastFetcher"].includes(node.initializer.expression.text)
    ) {
      fetchers.add(node.name.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(source);
  const readsAnswer = (node: ts.Node): boolean =>
    (ts.isPropertyAccessExpression(node) &&
      node.name.text === "data" &&
      ts.isIdentifier(node.expression) &&
      fetchers.has(node.expression.text)) ||
    (ts.forEachChild(node, (child) => readsAnswer(child) || undefined) ?? false);
  const handWritten = (type: ts.TypeNode): boolean =>
    ts.isTypeLiteralNode(type) ||
    (ts.isUnionTypeNode(type) && type.types.some(handWritten)) ||
    (ts.isParenthesizedTypeNode(type) && handWritten(type.type));
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // An answer cast to a type written by hand says again what the action answers, unchecked.
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && handWritten(node.type) && readsAnswer(node.expression)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1}: an answer read as ${node.type.getText(source)}`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && HOOKS.has(node.expression.text) && node.typeArguments) {
      for (const argument of node.typeArguments) {
        const named =
          ts.isTypeQueryNode(argument) && ts.isIdentifier(argument.exprName)
            ? fromRoutes.has(argument.exprName.text) || (own && ["action", "loader"].includes(argument.exprName.text))
            : false;
        if (!named) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${file}:${line + 1}: ${node.expression.text}<${argument.getText(source)}>`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the screens' answer types", () => {
  it("tell a route's own type from one written by hand", () => {
    const planted = [
      `import type { action } from "../publishing";`,
      `import type { loader as listLoader } from "~/routes/app/publishing-import";`,
      `type Answer = { ok: boolean };`,
      `const a = useToastFetcher<typeof action>();`,
      `const b = useFetcher<typeof listLoader>();`,
      `const c = useFetcher<Answer>();`,
      `const d = useToastFetcher<{ ok: boolean; imported?: number }>(() => undefined);`,
      `const e = useFetcher();`,
      `const secret = [a.data, b.data].find(Boolean) as { secret: string } | undefined;`,
      `const fine = (other.data as { secret: string }).secret;`,
    ].join("\n");
    expect(handWrittenAnswers("app/routes/app/publishing/planted.tsx", planted)).toEqual([
      "app/routes/app/publishing/planted.tsx:6: useFetcher<Answer>",
      "app/routes/app/publishing/planted.tsx:7: useToastFetcher<{ ok: boolean; imported?: number }>",
      "app/routes/app/publishing/planted.tsx:9: an answer read as { secret: string } | undefined",
    ]);
    expect(handWrittenAnswers("app/routes/app/planted.tsx", "export const x = () => useToastFetcher<typeof action>();")).toEqual([]);
    expect(handWrittenAnswers("app/routes/app/planted/piece.tsx", "const x = useToastFetcher<typeof action>();")).toEqual([
      "app/routes/app/planted/piece.tsx:1: useToastFetcher<typeof action>",
    ]);
  });

  it("come from the routes' actions and loaders in every screen under app/routes", () => {
    const files = fs
      .readdirSync(path.join(root, "app/routes"), { recursive: true, encoding: "utf8" })
      .map((file) => `app/routes/${file.split(path.sep).join("/")}`)
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    expect(files).toContain("app/routes/app/publishing.tsx");
    expect(files.flatMap((file) => handWrittenAnswers(file, fs.readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });
});
