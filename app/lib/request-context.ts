/**
 * What the server hands each request's rendering, as React Router's contexts (future.v8_middleware): the CSP nonce of
 * the response and the kept static pages' generation when the request began. The server's entry is bundled apart from
 * the app (scripts/vite-server-entry.ts), so it never makes these contexts itself: it asks the app's entry module
 * (`requestContext`, re-exported by app/entry.server.tsx), whose contexts are the ones the app reads.
 */
import { createContext, RouterContextProvider } from "react-router";

export const cspNonceContext = createContext<string>("");
export const pageGenerationContext = createContext<number | undefined>(undefined);

export type RequestValues = { cspNonce: string; pageGeneration: number | undefined };

/** The context of one request, with its nonce and the static pages' generation. */
export function requestContext(values: RequestValues): RouterContextProvider {
  return new RouterContextProvider(
    new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
      [cspNonceContext, values.cspNonce],
      [pageGenerationContext, values.pageGeneration],
    ]),
  );
}
