/**
 * app/components holds what several screens share (ARCHITECTURE.md, decision 016): a piece of one screen lives
 * beside its route, in the screen's folder (app/routes/<group>/<screen>/), where a reader of the screen finds it. This
 * test reads every import of app/, db/ and server/ as TypeScript does (values, types, re-exports, `import()`) and fails
 * when a folder of app/components is used, from outside itself, by one screen only (its route module and the pieces
 * of its folder): seven such folders were left there (issue 37).
 */
import { describe, expect, it } from "vitest";
import { applicationFiles, importsOf } from "./module-graph";

/** What a module belongs to: its screen (a route module and its folder, app/routes/<group>/<screen>), else itself. */
const ownerOf = (module: string) => module.match(/^app\/routes\/[^/]+\/[^/.]+/)?.[0] ?? module;
const isScreen = (owner: string) => /^app\/routes\/[^/]+\/[^/.]+$/.test(owner);

/** Each folder of app/components with what uses it from outside: the screens, or the other modules by name. */
function usersOfFolders(files: Record<string, string>): Map<string, Set<string>> {
  const modules = new Set(Object.keys(files));
  const users = new Map<string, Set<string>>();
  for (const [file, text] of Object.entries(files)) {
    for (const imported of importsOf(file, text, modules)) {
      const folder = imported.match(/^app\/components\/[^/]+(?=\/)/)?.[0];
      if (!folder || folder === "app/components/ui" || file.startsWith(`${folder}/`)) continue;
      if (!users.has(folder)) users.set(folder, new Set());
      users.get(folder)!.add(ownerOf(file));
    }
  }
  return users;
}

/** The folders of app/components that serve one screen only, with that screen. */
function oneScreenFolders(files: Record<string, string>): string[] {
  return [...usersOfFolders(files)]
    .filter(([, owners]) => owners.size === 1 && isScreen([...owners][0]!))
    .map(([folder, owners]) => `${folder} → ${[...owners][0]}`)
    .sort();
}

describe("the folders of app/components", () => {
  it("tell a folder of one screen from a shared one", () => {
    const planted = {
      "app/components/one/table.tsx": `import { Badge } from "./badge";\nexport const Table = Badge;\n`,
      "app/components/one/badge.tsx": `export const Badge = 1;\n`,
      "app/components/two/card.tsx": `export const Card = 1;\n`,
      "app/components/header.tsx": `import { Card } from "~/components/two/card";\nexport const Header = Card;\n`,
      "app/components/ui/button.tsx": `export const Button = 1;\n`,
      "app/routes/app/pages.tsx": `import { Table } from "~/components/one/table";\nimport { Button } from "~/components/ui/button";\nexport default [Table, Button];\n`,
      "app/routes/app/pages/dialog.tsx": `import type { Table } from "~/components/one/table";\nexport type T = typeof Table;\n`,
      "app/routes/app/sites.tsx": `import { Card } from "~/components/two/card";\nimport { Button } from "~/components/ui/button";\nexport default [Card, Button];\n`,
    };
    expect(oneScreenFolders(planted)).toEqual(["app/components/one → app/routes/app/pages"]);
  });

  it("are each shared by several screens or app-wide pieces, none serves one screen only", () => {
    const files = applicationFiles();
    expect(usersOfFolders(files).size, "the folders' users are found").toBeGreaterThan(0);
    expect(oneScreenFolders(files)).toEqual([]);
  });
});
