/**
 * The test-only sign-in route (server/test-sign-in.ts, docs/decisions/014-test-only-sign-in.md) is not
 * there for anyone but the test runner: not in a server started without E2E_SIGN_IN_TOKEN, not for a
 * request without this run's token, and not in the app's build. A production server refuses to start with the
 * variable unless its loud opt-in says so; the demo's clock has a token of its own, which makes no account.
 */
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import {
  APP_ROOT,
  freePort,
  makeDataDir,
  spawnServer,
  startServer,
  TEST_SIGN_IN_HEADER,
  TEST_SIGN_IN_PATH,
  testSignInToken,
} from "./support/server";
import { newAccount } from "./support/users";

const body = () => {
  const account = newAccount({ fullName: "Intruder" });
  return { email: account.email, password: account.password, name: account.fullName };
};

/** What the server answers for a path that does not exist at all, for comparison. */
async function unknownPathAnswer(request: APIRequestContext, base: string) {
  return (await request.post(`${base}/__e2e/no-such-route`, { data: body(), failOnStatusCode: false })).status();
}

test("without this run's token the route answers like an unknown path and creates nobody", async ({ request, baseURL }) => {
  const unknown = await unknownPathAnswer(request, baseURL!);
  expect(unknown).toBe(404);
  const wrongHeaders: Record<string, string>[] = [
    {},
    { [TEST_SIGN_IN_HEADER]: "" },
    { [TEST_SIGN_IN_HEADER]: `${testSignInToken()}x` },
    { [TEST_SIGN_IN_HEADER]: "guess" },
  ];
  for (const headers of wrongHeaders) {
    const data = body();
    const answer = await request.post(TEST_SIGN_IN_PATH, { headers, data, failOnStatusCode: false });
    expect(answer.status(), JSON.stringify(headers)).toBe(unknown);
    expect(answer.headers()["set-cookie"] ?? "").not.toContain("session_token");
    // Nobody was made: the route with the right token can still make this address.
    const made = await request.post(TEST_SIGN_IN_PATH, {
      headers: { [TEST_SIGN_IN_HEADER]: testSignInToken() },
      data,
      failOnStatusCode: false,
    });
    expect(made.status(), await made.text()).toBe(200);
  }
  expect((await request.get(TEST_SIGN_IN_PATH, { failOnStatusCode: false })).status()).toBe(404);
});

test("a server started without E2E_SIGN_IN_TOKEN has no such route, even for the right token", async ({ playwright }) => {
  test.setTimeout(90_000);
  const dataDir = makeDataDir("no-test-route");
  const server = await startServer({ port: await freePort(), dataDir, testSignIn: false });
  const request = await playwright.request.newContext();
  try {
    const answer = await request.post(`${server.url}${TEST_SIGN_IN_PATH}`, {
      headers: { [TEST_SIGN_IN_HEADER]: testSignInToken() },
      data: body(),
      failOnStatusCode: false,
    });
    expect(answer.status()).toBe(await unknownPathAnswer(request, server.url));
    expect(answer.status()).toBe(404);
    expect(answer.headers()["set-cookie"] ?? "").not.toContain("session_token");
    expect(server.output()).not.toContain("test-only sign-in route");
  } finally {
    await request.dispose();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a production server refuses to start with E2E_SIGN_IN_TOKEN unless its loud opt-in is set too", async () => {
  test.setTimeout(60_000);
  const dataDir = makeDataDir("test-route-in-production");
  try {
    // As anyone would start it (npm start: NODE_ENV=production), with the variable the README's demo once asked for.
    const started = spawnServer(await freePort(), dataDir, undefined, { E2E_SIGN_IN_TOKEN: testSignInToken() }, { testSignIn: false });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain("E2E_SIGN_IN_TOKEN is set: it turns on a test-only route that creates accounts");
    expect(started.output()).not.toContain("Ready on");
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the demo's clock token moves the clock and makes no account: the sign-in route is not there", async ({ playwright }) => {
  test.setTimeout(90_000);
  const dataDir = makeDataDir("demo-clock");
  const token = "demo-clock-".padEnd(40, "x");
  const server = await startServer({ port: await freePort(), dataDir, testSignIn: false, env: { DEMO_CLOCK_TOKEN: token } });
  const request = await playwright.request.newContext();
  try {
    for (const headers of [{ [TEST_SIGN_IN_HEADER]: token }, { "x-demo-clock-token": token }] as Record<string, string>[]) {
      const signIn = await request.post(`${server.url}${TEST_SIGN_IN_PATH}`, { headers, data: body(), failOnStatusCode: false });
      expect(signIn.status()).toBe(404);
    }
    const clock = await request.post(`${server.url}/__e2e/clock`, {
      headers: { "x-demo-clock-token": token },
      data: { to: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    });
    expect(clock.status(), await clock.text()).toBe(200);
    expect(await clock.json()).toEqual({ claims: [] });
    const wrong = await request.post(`${server.url}/__e2e/clock`, {
      headers: { "x-demo-clock-token": `${token}x` },
      data: { to: new Date().toISOString() },
      failOnStatusCode: false,
    });
    expect(wrong.status()).toBe(404);
  } finally {
    await request.dispose();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the app's build holds no test-only sign-in code", async () => {
  const serverBuild = path.join(APP_ROOT, "build/server");
  const files = fs.readdirSync(serverBuild, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".js"));
  expect(files.length).toBeGreaterThan(0);
  for (const name of files) {
    const code = fs.readFileSync(path.join(serverBuild, name), "utf8");
    expect(code, name).not.toContain(TEST_SIGN_IN_PATH);
    expect(code, name).not.toContain(TEST_SIGN_IN_HEADER);
    expect(code, name).not.toContain("testUtils");
  }
});
