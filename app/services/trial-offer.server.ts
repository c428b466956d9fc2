/**
 * The 1€ trial a visitor came for. The trial buttons of the landing pages lead to /auth?offer=trial (spec: they
 * go to /auth); this cookie remembers the offer through sign-up, the confirmation e-mail and sign-in, so that the
 * new account's empty site list offers the first-article form. It holds no personal data.
 */
import { createCookie } from "react-router";
import { getEnv } from "./env.server";

/** The query that marks a trial button's link to /auth. */
export const TRIAL_OFFER_PARAM = "offer";
export const TRIAL_OFFER_VALUE = "trial";

let cookie: ReturnType<typeof createCookie> | undefined;

function trialCookie() {
  cookie ??= createCookie("seo_trial_offer", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().PUBLIC_URL.startsWith("https://"),
    maxAge: 30 * 24 * 60 * 60,
  });
  return cookie;
}

/** Whether this request's URL comes from a trial button (?offer=trial). */
export function isTrialOfferLink(request: Request): boolean {
  return new URL(request.url).searchParams.get(TRIAL_OFFER_PARAM) === TRIAL_OFFER_VALUE;
}

/** The Set-Cookie value that remembers the trial offer for 30 days. */
export function rememberTrialOffer(): Promise<string> {
  return trialCookie().serialize(TRIAL_OFFER_VALUE);
}

/** The Set-Cookie value that forgets it (once the first-article request is made). */
export function forgetTrialOffer(): Promise<string> {
  return trialCookie().serialize("", { maxAge: 0 });
}

export async function hasTrialOffer(request: Request): Promise<boolean> {
  return (await trialCookie().parse(request.headers.get("Cookie"))) === TRIAL_OFFER_VALUE;
}
