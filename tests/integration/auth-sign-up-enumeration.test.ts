/**
 * Issue 37, item 7: account enumeration through better-auth's sign-up API. POST /api/auth/sign-up/email answered a
 * user with `"role": null` for an address that has an account, and `"role": "client"` for a new one. The two
 * answers are now the same in shape and values: only what is random or the time of the answer (the id, the
 * dates) differs, and it differs the same way.
 */
import { describe, expect, it } from "vitest";
import { action as authApi } from "~/routes/api/auth";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { confirmedAccount } from "../setup/accounts";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { uniqueEmail, uniqueIp } from "../setup/factories";
import { routeArgs } from "../setup/route-args";

useTestDatabase();

/** POST /api/auth/sign-up/email as a script would: its status, headers' names and JSON. */
async function signUp(email: string) {
  const request = new Request(`${TEST_PUBLIC_URL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: TEST_PUBLIC_URL, [CLIENT_IP_HEADER]: uniqueIp(), "content-type": "application/json" },
    body: JSON.stringify({ email, password: "a long enough password", name: "Camille Dupont" }),
  });
  const response = (await authApi(routeArgs(request))) as Response;
  return {
    status: response.status,
    headers: [...response.headers.keys()].sort(),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** What may differ between two answers of the same kind: random ids and the time of the answer. */
function withoutWhatVaries(body: Record<string, unknown>) {
  const user = body.user as Record<string, unknown>;
  const { id, createdAt, updatedAt, ...rest } = user;
  expect(id).toEqual(expect.any(String));
  expect(Date.parse(String(createdAt))).not.toBeNaN();
  expect(Date.parse(String(updatedAt))).not.toBeNaN();
  return { ...body, user: rest };
}

describe("POST /api/auth/sign-up/email", () => {
  it("answers a known address exactly as a new one", async () => {
    const { email } = await confirmedAccount();
    const known = await signUp(email);
    const fresh = await signUp(uniqueEmail());
    expect(known.status).toBe(fresh.status);
    expect(known.headers).toEqual(fresh.headers);
    expect(Object.keys(known.body.user as object).sort()).toEqual(Object.keys(fresh.body.user as object).sort());
    const { user: knownUser, ...knownRest } = withoutWhatVaries(known.body);
    const { user: freshUser, ...freshRest } = withoutWhatVaries(fresh.body);
    expect(knownRest).toEqual(freshRest);
    expect({ ...(knownUser as object), email: "x" }).toEqual({ ...(freshUser as object), email: "x" });
    expect(fresh.body.user).toMatchObject({ role: "client" });
  });
});
