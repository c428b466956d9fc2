/** Where a redirect may lead when its target came from a form or an address: a path of this site only. */

/** Any origin of ours: only whether a target stays on it matters. */
const HERE = "https://here.invalid";

/**
 * The path (with its query and anchor) of `value` when a browser would read it as a page of this site, else null.
 * The target is parsed as browsers parse it, against our origin, and kept only when it stays there: a tab or a
 * newline they drop ("/\t/evil.example"), a backslash they read as a slash ("/\evil.example"), a
 * protocol-relative or absolute address, a "javascript:" one, all leave it (issue 37).
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
