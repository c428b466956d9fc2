/** better-auth's session cookie (`__Secure-` prefixed behind https, cookiePrefix "seo" in auth.server.ts): a request with it is someone's. */
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?seo\.session_token=/;

/** better-auth's two-factor cookie: set after a right password when the account has two-factor sign-in on (10 minutes). */
export const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?seo\.two_factor=/;
