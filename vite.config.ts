import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { islands } from "./scripts/vite-islands.ts";
import { precompress } from "./scripts/vite-precompress.ts";
import { serverEntry } from "./scripts/vite-server-entry.ts";

export default defineConfig({
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
    // Native or process-bound packages stay external to the server bundle.
    external: ["@electric-sql/pglite", "pg", "nodemailer", "pino", "pino-pretty"],
  },
});
