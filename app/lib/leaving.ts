/**
 * The page is leaving the app (signing out posts a document): from then on the app reads no more data by itself,
 * since every answer would be for a session that is ending, and a navigation it started (to /auth, for a screen's
 * data read without a session) would take the sign-out's place (issue 37).
 */
let leaving = false;

export function leaveTheApp() {
  leaving = true;
}

export function isLeavingTheApp(): boolean {
  return leaving;
}
