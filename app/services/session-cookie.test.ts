import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cookieValue, verifiedToken } from "./session-cookie";

const SECRET = "a secret of the tests, long enough";
/** A value signed as better-call signs better-auth's session cookie: `<token>.<base64 HMAC-SHA256>`. */
const sign = (token: string, secret = SECRET) => `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`;

describe("cookieValue", () => {
  it("reads the first cookie of that name, unquoted and percent-decoded, as better-call does", () => {
    expect(cookieValue("a=1; seo.session_token=abc%2Edef; b=2", "seo.session_token")).toBe("abc.def");
    expect(cookieValue('seo.session_token="quoted"', "seo.session_token")).toBe("quoted");
    expect(cookieValue("seo.session_token=first; seo.session_token=second", "seo.session_token")).toBe("first");
    expect(cookieValue("seo.session_token=%E0%A4%A", "seo.session_token")).toBe("%E0%A4%A");
    expect(cookieValue("xseo.session_token=1; other=2", "seo.session_token")).toBeNull();
    expect(cookieValue("", "seo.session_token")).toBeNull();
  });
});

describe("verifiedToken", () => {
  it("gives the token of a value signed with the secret", () => {
    expect(verifiedToken(sign("tok3n"), SECRET)).toBe("tok3n");
    expect(verifiedToken(sign("with.dots.inside"), SECRET)).toBe("with.dots.inside");
  });

  it("refuses another secret, another token, a cut or missing signature", () => {
    const signed = sign("tok3n");
    expect(verifiedToken(sign("tok3n", "another secret"), SECRET)).toBeNull();
    expect(verifiedToken(`tok3m${signed.slice(5)}`, SECRET)).toBeNull();
    expect(verifiedToken(signed.slice(0, -2) + "=", SECRET)).toBeNull();
    expect(verifiedToken("tok3n", SECRET)).toBeNull();
    expect(verifiedToken(`.${signed.split(".")[1]}`, SECRET)).toBeNull();
    expect(verifiedToken(`tok3n.${"A".repeat(43)}=`, SECRET)).toBeNull();
    // The same bytes spelt in base64url (better-call's atob refuses it, and so does this), or with letters that are
    // not ASCII in place of the signature (as many characters, more bytes).
    const withPlusOrSlash = Array.from({ length: 100 }, (_, i) => sign(`t${i}`)).find((v) => /[+/]/.test(v.split(".")[1]!))!;
    expect(verifiedToken(withPlusOrSlash, SECRET)).toBe(withPlusOrSlash.split(".")[0]);
    expect(verifiedToken(withPlusOrSlash.replace(/\+/g, "-").replace(/\//g, "_"), SECRET)).toBeNull();
    expect(verifiedToken(`tok3n.${"é".repeat(43)}=`, SECRET)).toBeNull();
  });
});
