import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { islands } from "./scripts/vite-islands.ts";
import { precompress } from "./scripts/vite-precompress.ts";
import { serverEntry } from "./scripts/vite-server-entry.ts";

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter(), islands(), precompress(), serverEntry()],
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every icon in one small chunk, rather than a chunk per icon (a page would ask for a dozen files of 300 bytes).
          groups: [{ name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ }],
        },
      },
    },
  },
  ssr: {
    // The server bundle carries the packages it uses, shaken to what the app imports: Node then loads one file
    // at start instead of every module of recharts, lucide-react, radix-ui, better-auth... (about 1.1 s of CPU
    // less per start, decision 029). Stay external: native or process-bound packages, and React and React Router,
    // which the server's entry (server/index.ts) also imports: one copy of each for both.
    // The build only: `npm run dev` loads the packages from node_modules as Node does (inlined, the CommonJS ones such
    // as pino cannot run in Vite's module runner).
    noExternal: command === "build" ? true : undefined,
    external: [
      "@electric-sql/pglite",
      "pg",
      "nodemailer",
      "pino",
      "pino-pretty",
      "sharp",
      "react",
      "react-dom",
      "react-router",
      "@react-router/node",
      "@react-router/express",
    ],
  },
}));
