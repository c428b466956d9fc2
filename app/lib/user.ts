/** Display helpers for the signed-in user (spec part 1, section 2). */

/**
 * Initials for the avatar: the first letters of up to two words of the full name (else the e-mail),
 * uppercased, at most 2 characters, or 'U' if none.
 */
export function initials(fullName: string | null | undefined, email: string | null | undefined): string {
  const source = fullName?.trim() || email?.trim() || "";
  const letters = source
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0] ?? "")
    .join("")
    .toUpperCase();
  return [...letters].slice(0, 2).join("") || "U";
}

/** The part of an e-mail before the @: the display name when no full name was given at sign-up. */
export function emailLocalPart(email: string): string {
  return email.split("@")[0] ?? email;
}
