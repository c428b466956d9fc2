/**
 * The arguments React Router gives a route's loader or action, for tests that call one directly: the request, the
 * route's parameters, an empty context and the request's address (`url`, which the routes read rather than
 * `request.url`: under future.v8_passThroughRequests a data request's own address ends in `.data`).
 */
import { RouterContextProvider } from "react-router";

export function routeArgs(request: Request, params: Record<string, string> = {}): never {
  return { request, params, context: new RouterContextProvider(), url: new URL(request.url) } as never;
}
