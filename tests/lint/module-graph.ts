/**
 * The application's modules and what each imports, read as TypeScript reads them (values, types, re-exports,
 * `import()`): for the tests of the import graph (no cycle) and of app/components' folders (each shared).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "../..");

/** The modules of the application (tests beside their code are not part of it), relative to the root. */
function applicationModules(): string[] {
  return ["app", "db", "server"].flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .map((file) => `${folder}/${file.split(path.sep).join("/")}`)
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("db/migrations/")),
  );
}

/** The application's modules with their text, by path relative to the root. */
export function applicationFiles(): Record<string, string> {
  return Object.fromEntries(applicationModules().map((file) => [file, fs.readFileSync(path.join(root, file), "utf8")]));
}

/** The project's modules that `file` imports in any way, resolved among `modules` (packages are left out). */
export function importsOf(file: string, text: string, modules: Set<string>): string[] {
  const found = new Set<string>();
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const base = fileName.startsWith("~/")
      ? `app/${fileName.slice(2)}`
      : fileName.startsWith(".")
        ? path.posix.join(path.posix.dirname(file), fileName)
        : null;
    if (base === null) continue;
    const target = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => modules.has(f));
    if (target) found.add(target);
  }
  return [...found];
}
