import type { Config } from "@react-router/dev/config";

// React Router 8: middleware, the Vite environment API, pass-through requests, trailing-slash-aware data
// requests and split route modules are the defaults (they were v7's v8_* future flags).
export default {
  ssr: true,
} satisfies Config;
