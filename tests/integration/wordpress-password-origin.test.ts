/**
 * Issue 37, item 1: a stored WordPress application password goes only to the address it was saved for. Saving
 * another address (scheme, host or port) with the password field empty used to keep the stored password and test
 * it against the new address, so that whoever reached the site's Publishing screen (a team member, or anyone
 * holding the client's session) received the client's credentials at a host of their choosing. And a WordPress
 * that redirects to another host must not carry them there either.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sitePublishing, sites } from "../../db/schema";
import { action } from "~/routes/app/publishing";
import { resetEnvForTests } from "~/services/env.server";
import { fetchOutbound } from "~/services/publishing/outbound.server";
import { startFakeWordPress, type FakeWordPress } from "../fakes/wordpress";
import { formPost, runRoute } from "../setup/accounts";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "../setup/sessions";

const database = useTestDatabase();
const PASSWORD = "abcd EFGH ijkl MNOP qrst UVWX";

/** A host that keeps what it was sent: the attacker's, in these stories. */
type Listener = {
  url: string;
  received: { path: string; authorization: string | undefined; cookie: string | undefined }[];
  close(): Promise<void>;
};

async function listen(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end("{}"),
): Promise<Listener> {
  const received: Listener["received"] = [];
  const server = http.createServer((req, res) => {
    received.push({ path: req.url ?? "", authorization: req.headers.authorization, cookie: req.headers.cookie });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let wp: FakeWordPress;
let attacker: Listener;

beforeAll(async () => {
  wp = await startFakeWordPress();
  attacker = await listen();
});
beforeEach(() => {
  vi.stubEnv("PUBLISHING_ALLOW_PRIVATE_HOSTS", "true");
  resetEnvForTests();
  attacker.received.length = 0;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await wp.close();
  await attacker.close();
});

describe("POST /sites/<id>/publishing intent=save with the password field empty", () => {
  it("refuses a new address (another host, port or scheme) until the password is typed again, and sends the stored one nowhere", async () => {
    const { user, browser } = await signedInUser("Claire Cliente");
    const { db } = await database;
    const [site] = await db.insert(sites).values({ name: "Fleurs", url: "https://fleurs.example", linkedUser: user.id }).returning();
    const path = `/sites/${site!.id}/publishing`;
    const params = { siteId: String(site!.id) };
    const save = (fields: Record<string, string>) =>
      runRoute(action, formPost(browser, path, { intent: "save", username: "editor", applicationPassword: "", ...fields }), params);

    const first = await save({ url: wp.url, applicationPassword: PASSWORD });
    expect(first.body).toMatchObject({ ok: true, check: { problem: null } });
    const [before] = await db.select().from(sitePublishing).where(eq(sitePublishing.siteId, site!.id));

    const wpPort = Number(new URL(wp.url).port);
    for (const url of [attacker.url, `http://localhost:${wpPort}`, `https://127.0.0.1:${wpPort}`]) {
      const moved = await save({ url });
      expect(moved.status, url).toBe(400);
      expect(moved.body.result.error, url).toMatchObject({
        applicationPassword: ["The address changed: type the application password again for the new address."],
      });
    }
    expect(attacker.received).toEqual([]);
    // Nothing saved changed: the address, the password and the last check are those of the first save.
    const [after] = await db.select().from(sitePublishing).where(eq(sitePublishing.siteId, site!.id));
    expect(after).toEqual(before);

    // The same host with another path (WordPress in a folder) keeps the stored password; and with the password
    // typed again, a new host is taken.
    expect((await save({ url: `${wp.url}/` })).body).toMatchObject({ ok: true, check: { problem: null } });
    const typed = await save({ url: attacker.url, applicationPassword: "another one for the other site" });
    expect(typed.status).toBe(200);
    expect(attacker.received.every((hit) => hit.authorization !== `Basic ${Buffer.from(`editor:${PASSWORD}`).toString("base64")}`)).toBe(
      true,
    );
  });
});

describe("a redirect to another host", () => {
  it("does not carry the Authorization header (nor a cookie) to it, as browsers do not", async () => {
    const thief = await listen();
    const mover = await listen((req, res) => {
      res.writeHead(302, { location: `${thief.url}/wp-json/` });
      res.end();
    });
    const sameOrigin = await listen((req, res) => {
      if (req.url === "/first") res.writeHead(301, { location: "/second" }).end();
      else res.end("{}");
    });
    try {
      const credentials = { Authorization: "Basic c2VjcmV0", Cookie: "wordpress_logged_in=1" };
      await fetchOutbound(`${mover.url}/wp-json/`, { headers: credentials });
      expect(mover.received[0]).toMatchObject({ authorization: "Basic c2VjcmV0" });
      expect(thief.received).toEqual([{ path: "/wp-json/", authorization: undefined, cookie: undefined }]);

      await fetchOutbound(`${sameOrigin.url}/first`, { headers: new Headers(credentials) });
      expect(sameOrigin.received.map((hit) => hit.authorization)).toEqual(["Basic c2VjcmV0", "Basic c2VjcmV0"]);
    } finally {
      await Promise.all([thief.close(), mover.close(), sameOrigin.close()]);
    }
  });
});
