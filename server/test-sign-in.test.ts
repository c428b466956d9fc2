import { describe, expect, it } from "vitest";
import { DEMO_CLOCK_HEADER, TEST_SIGN_IN_HEADER, testRoutesOf } from "./test-sign-in";

const token = "t".repeat(32);
const other = "d".repeat(40);

describe("the test-only routes a server's environment asks for (issue 37, item 4)", () => {
  it("refuses the account-making sign-in in production without its loud opt-in, and says what to use for the demo", () => {
    const refused = testRoutesOf({ NODE_ENV: "production", E2E_SIGN_IN_TOKEN: token });
    expect(refused).toEqual({ refused: expect.stringContaining("DEMO_CLOCK_TOKEN") });
    expect(testRoutesOf({ NODE_ENV: "production", E2E_SIGN_IN_TOKEN: token, UNSAFE_E2E_SIGN_IN_IN_PRODUCTION: "yes" })).toHaveProperty(
      "refused",
    );
    expect(testRoutesOf({ NODE_ENV: "production", E2E_SIGN_IN_TOKEN: token, UNSAFE_E2E_SIGN_IN_IN_PRODUCTION: "true" })).toEqual({
      signIn: token,
      clock: [{ header: TEST_SIGN_IN_HEADER, token }],
    });
    expect(testRoutesOf({ NODE_ENV: "development", E2E_SIGN_IN_TOKEN: token })).toMatchObject({ signIn: token });
  });

  it("mounts the demo clock alone, in any server, with its own token", () => {
    expect(testRoutesOf({ NODE_ENV: "production", DEMO_CLOCK_TOKEN: other })).toEqual({
      signIn: null,
      clock: [{ header: DEMO_CLOCK_HEADER, token: other }],
    });
    expect(testRoutesOf({ NODE_ENV: "production" })).toEqual({ signIn: null, clock: [] });
  });

  it("refuses a token too short to be a random value", () => {
    expect(testRoutesOf({ NODE_ENV: "development", E2E_SIGN_IN_TOKEN: "short" })).toHaveProperty("refused");
    expect(testRoutesOf({ NODE_ENV: "production", DEMO_CLOCK_TOKEN: "short" })).toHaveProperty("refused");
  });
});
