/**
 * Sessions survive a server restart (issue 2: "stay signed in across reloads and server restarts"),
 * and DATA_DIR is locked so that a second process never opens the same database folder. Each test
 * starts servers of its own (own port, own DATA_DIR).
 */
import fs from "node:fs";
import { expect, test } from "./support/fixtures";
import { freePort, makeDataDir, spawnServer, startServer, type RunningServer } from "./support/server";
import { open, waitForHydration } from "./support/ui";
import { createSignedInAccount, newAccount } from "./support/users";

test.describe.configure({ timeout: 90_000 });

let servers: RunningServer[] = [];
let dataDirs: string[] = [];

test.afterEach(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  servers = [];
  dataDirs = [];
});

async function serverOfItsOwn(port: number, dataDir: string) {
  const server = await startServer({ port, dataDir });
  servers.push(server);
  return server;
}

test("a signed-in person is still signed in after the server restarts", async ({ openContext, consoleGuard }) => {
  // While the server stops and is down, the open page's background requests (route manifest) fail: expected.
  consoleGuard.allow(/net::ERR_CONNECTION_REFUSED/, /net::ERR_CONNECTION_RESET/, /Failed to fetch manifest patches/);
  const port = await freePort();
  const dataDir = makeDataDir("restart");
  dataDirs.push(dataDir);
  const first = await serverOfItsOwn(port, dataDir);

  const { page } = await openContext({ baseURL: first.url });
  const account = newAccount({ fullName: "Ada Lovelace" });
  await createSignedInAccount(page, account);

  expect(await first.stop(), "the server exits cleanly on SIGTERM").toBe(0);
  const second = await serverOfItsOwn(port, dataDir);
  expect(second.url).toBe(first.url);

  await page.reload();
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("button", { name: "Menu du compte" })).toHaveText("AL");
  await open(page, "/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("main")).toContainText(account.email);
});

test("a second server on the same DATA_DIR refuses to start while the first runs", async () => {
  const dataDir = makeDataDir("lock");
  dataDirs.push(dataDir);
  const first = await serverOfItsOwn(await freePort(), dataDir);

  const second = spawnServer(await freePort(), dataDir);
  const code = await Promise.race([
    second.exited,
    new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), 30_000)),
  ]);
  if (code === "still running") second.child.kill("SIGKILL");
  expect(code).not.toBe("still running");
  expect(code).not.toBe(0);
  expect(second.output()).toContain("in use by another process");

  // The first one is unharmed.
  const health = await fetch(`${first.url}/api/health`);
  expect(health.status).toBe(200);
});
