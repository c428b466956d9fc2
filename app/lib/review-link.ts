/** Review links (issue 16): what a reviewer may write, for the public page's fields and the model's checks. */
export const REVIEW_LIMITS = { name: 80, body: 4000, quote: 500 } as const;

/** How long a new link works, in days. */
export const REVIEW_LINK_DAYS = 14;

/** What a review link's token is sealed for when a reviewer asks to be told of the next round (its AES-GCM associated data). */
export const watcherTokenContext = (linkId: number) => `review-link:${linkId}:watcher`;
