/**
 * The public forms' limits and their honeypot's name (spec part 3, section 5), apart from their schemas
 * (public-forms.ts) so that a form can render them without loading zod: the first-article form on the signed-in
 * site list loads its schema only when someone starts filling it in.
 */
export const CONTACT_NAME_MIN = 2;
export const CONTACT_MESSAGE_MIN = 10;
/** Generous upper limits, so that a stranger cannot store a novel. */
export const CONTACT_NAME_MAX = 120;
export const CONTACT_MESSAGE_MAX = 5000;
export const GUIDELINES_MAX = 5000;
/** The first article's topic or keyword (issue 38): it becomes the page's name and keyword. */
export const TOPIC_MAX = 150;

/** The honeypot: hidden from people (and from assistive technology); bots fill it. */
export const HONEYPOT_FIELD = "website";
