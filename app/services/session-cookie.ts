/** better-auth's session cookie (`__Secure-` prefixed behind https, cookiePrefix "seo" in auth.server.ts): a request with it is someone's. */
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?seo\.session_token=/;
