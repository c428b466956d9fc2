/** The one wording for a missing record and for someone else's (spec: never tell them apart). */
export const NOT_FOUND_MESSAGE = "does not exist or you don't have permission to access it.";

export function notFound(what = "The requested record"): never {
  throw new Response(`${what} ${NOT_FOUND_MESSAGE}`, { status: 404, statusText: "Not Found" });
}
