/**
 * No import cycle, counting every kind of import. ESLint's `import-x/no-cycle` skips type-only imports (it has no
 * option to count them), so a cycle closed by an `import type` passed the lint: header-account.tsx →
 * notification-bell.tsx → header-account-static.tsx ⇢ (type) header-account.tsx (issue 37). This test reads the
 * imports of app/, db/ and server/ as TypeScript does (values, types, re-exports, `import()`) and looks for cycles.
 * One kind is by design (decision 016): a route module and the pieces in its screen's folder, which import the
 * module's action for its type only (a lint rule keeps them to types).
 */
import { describe, expect, it } from "vitest";
import { applicationFiles, importsOf } from "./module-graph";

/** The groups of modules that reach each other through their imports (Tarjan's strongly connected components). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (module: string) => {
    index.set(module, next);
    low.set(module, next);
    next++;
    stack.push(module);
    onStack.add(module);
    for (const imported of graph.get(module) ?? []) {
      if (!index.has(imported)) {
        visit(imported);
        low.set(module, Math.min(low.get(module)!, low.get(imported)!));
      } else if (onStack.has(imported)) {
        low.set(module, Math.min(low.get(module)!, index.get(imported)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1 || graph.get(module)?.includes(module)) cycles.push(group.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return cycles;
}

/** A route module (app/routes/<group>/<screen>.tsx) with the pieces of its screen's folder, and nothing else. */
function isOneScreen(group: string[]): boolean {
  const screens = new Set(group.map((file) => file.match(/^app\/routes\/[^/]+\/[^/.]+/)?.[0] ?? file));
  return screens.size === 1 && group.some((file) => /^app\/routes\/[^/]+\/[^/]+\.tsx?$/.test(file));
}

function graphOf(files: Record<string, string>): Map<string, string[]> {
  const modules = new Set(Object.keys(files));
  return new Map(Object.entries(files).map(([file, text]) => [file, importsOf(file, text, modules)]));
}

describe("the import graph", () => {
  it("counts a type-only import, a re-export and an import() as imports", () => {
    const planted = graphOf({
      "app/components/a.tsx": `import { B } from "~/components/b";\nexport const A = B;\nexport type User = { name: string };\n`,
      "app/components/b.tsx": `import type { User } from "./a";\nexport const B = (user: User) => user.name;\n`,
      "app/components/c.tsx": `export { A } from "./a";\nexport const lazy = () => import("~/components/d");\n`,
      "app/components/d.tsx": `import { A } from "./c";\nexport const D = A;\n`,
    });
    expect(cyclesOf(planted)).toEqual([
      ["app/components/a.tsx", "app/components/b.tsx"],
      ["app/components/c.tsx", "app/components/d.tsx"],
    ]);
  });

  it("has no cycle in app/, db/ and server/ but a route module with its screen's pieces", () => {
    const files = applicationFiles();
    expect(Object.keys(files)).toContain("app/components/header.tsx");
    const graph = graphOf(files);
    const cycles = cyclesOf(graph);
    expect(cycles.filter(isOneScreen).length, "the screens' type-only cycles are seen").toBeGreaterThan(0);
    expect(cycles.filter((group) => !isOneScreen(group))).toEqual([]);
  });
});
