/**
 * zod, configured once for the browser and the server: no JIT. Zod compiles object parsers with
 * `new Function` when it may, and the Content-Security-Policy (script-src without 'unsafe-eval') rightly
 * forbids that, which browsers report as a violation. Every schema imports `z` from here.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
