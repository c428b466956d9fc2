/**
 * ESLint: typescript-eslint, react-hooks and jsx-a11y recommended sets, plus import-x for the layer rule
 * (import zones) and for cycles. The layers and why they sit in this order: docs/decisions/013-eslint-boundaries.md.
 *
 *   routes → models → jobs → services → lib, db        (components: beside routes, above lib)
 *
 * server/, scripts/, tests/, app/root.tsx, app/entry.server.tsx and app/routes.ts are composition roots: they may
 * import any layer, and no layer imports them.
 */
import path from "node:path";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

// Composition roots: no layer imports them.
const roots = ["app/root.tsx", "app/entry.server.tsx", "app/routes.ts", "server", "scripts", "tests"];

/** One zone per layer: `target` may import nothing in `from`; `message` says the rule in words. */
const zones = [
  {
    target: "app/lib",
    from: ["app/components", "app/routes", "app/models", "app/jobs", "app/services", "db", ...roots],
    message: "app/lib is code for both sides: it imports only app/lib.",
  },
  {
    target: "db",
    from: ["app/components", "app/routes", "app/models", "app/jobs", "app/services", ...roots],
    message: "db/ (schema, seed) imports only db/ and app/lib.",
  },
  {
    target: "app/services",
    from: ["app/components", "app/routes", "app/models", "app/jobs", ...roots],
    message: "app/services imports only app/services, app/lib and db/: never models, jobs, routes or components.",
  },
  {
    target: "app/jobs",
    from: ["app/components", "app/routes", "app/models", ...roots],
    message:
      "app/jobs imports only app/jobs, app/services, app/lib and db/: a task runs its own queries, never the user-scoped models, routes or components.",
  },
  {
    target: "app/models",
    from: ["app/components", "app/routes", ...roots],
    message: "app/models imports only app/models, app/jobs (to queue work), app/services, app/lib and db/: never routes or components.",
  },
  {
    target: "app/components",
    from: ["app/routes", "app/models", "app/jobs", "app/services", "db", ...roots],
    message:
      "app/components is client-side UI: it imports only app/components and app/lib, never server code (models, jobs, services, db/) or routes.",
  },
  {
    target: "app/components",
    from: ["app/lib/**/*.server.ts", "app/lib/**/*.server.tsx"],
    message: "app/components is client-side UI: it never imports a *.server module, even from app/lib.",
  },
  {
    // A route module is a file directly under app/routes/<group>/ (app/routes.ts names them); the pieces of a
    // screen that read its action's answers live in a folder beside it (app/routes/<group>/<screen>/).
    target: "app/routes/*/*.{ts,tsx}",
    from: ["app/routes/*/*.{ts,tsx}"],
    message: "A route module imports no other route module (shared code goes to components, lib, models or a screen's folder).",
  },
  {
    target: "app/routes",
    from: ["db", "app/services/db.server.ts"],
    message:
      "Routes never build SQL, not even a small query: it is a model function (app/models), which takes the acting user and checks access itself. A route imports neither db/ nor services/db.server.",
  },
  {
    target: "app/routes",
    from: ["server", "scripts", "tests"],
    message: "Routes never import server/, scripts/ or tests/.",
  },
  {
    target: ["app/root.tsx", "app/entry.server.tsx", "app/routes.ts", "server"],
    from: ["tests"],
    message: "Application code never imports tests/.",
  },
];

export default defineConfig(
  {
    ignores: [
      "build/",
      ".react-router/",
      "**/node_modules/",
      "test-results/",
      "playwright-report/",
      "data/",
      ".tmp/",
      "public/",
      "db/migrations/",
      // Decision 045's one-off measures, with a package.json of their own (pg-boss, graphile-worker).
      "docs/decisions/045-queue-eval/",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      // An argument or a caught error named with a leading underscore is unused on purpose.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      // A transaction is a Db already (drizzle's PgTransaction extends PgDatabase), and so is what each driver's
      // drizzle() answers: a double cast to Db was never needed, and it would hide a real mistake (a wrong value
      // passed where the database goes) from the type check.
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression[expression.typeAnnotation.type='TSUnknownKeyword'][typeAnnotation.typeName.name='Db']",
          message: "A transaction or a driver's drizzle() is a Db as it is: pass it without `as unknown as Db`.",
        },
        {
          selector: "TSAsExpression[expression.typeAnnotation.type='TSUnknownKeyword'][typeAnnotation.exprName.name='db']",
          message: "A transaction is a Db as it is: pass it without `as unknown as typeof db`.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      // Only says which components the React Compiler would skip; this app does not run the compiler.
      "react-hooks/incompatible-library": "off",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // A scrolling region (wide table, carousel) must take the keyboard focus to be scrolled without a mouse (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
      // Components (FormField, CodeEditor) take autoFocus for a field of a dialog or editor that a click just opened.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
    },
  },
  {
    files: ["tests/e2e/**/*.ts"],
    rules: {
      // Playwright reads a fixture's first parameter as a destructuring pattern: `async ({}, use) => ...` is its syntax for "no fixtures".
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      // `~/` resolves through tsconfig.json's paths; imported .ts/.tsx files are parsed (no-cycle follows them).
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json") })],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "server/**/*.ts"],
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A screen's pieces read its route module's types (`useToastFetcher<typeof action>`), never its values:
    // at run time nothing imports a route.
    files: ["app/routes/*/*/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+[^/]+$",
              allowTypeImports: true,
              message: 'A screen\'s piece imports its route module for types only (import type { action } from "../<screen>").',
            },
          ],
        },
      ],
    },
  },
);
