/** The first-article form's addresses and notice (spec part 3), for the page, its island and the server. */

/** Where the form posts without JavaScript (the /first-article route's action): the form contract. */
export const FIRST_ARTICLE_ACTION = "/first-article";
/** Where the public page's island posts it, for an answer in JSON. */
export const FIRST_ARTICLE_API = "/api/first-article";
/** The spec's notice when the form could not be taken. */
export const FIRST_ARTICLE_SUBMIT_ERROR = "There was an error submitting your information. Please try again.";
/** The submit button's label, and its label while the form is being sent (the component's and the island's). */
export const FIRST_ARTICLE_SUBMIT_LABEL = "Submit";
export const FIRST_ARTICLE_BUSY_LABEL = "Submitting...";
