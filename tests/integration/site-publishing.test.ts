/**
 * Issue 15, a site's WordPress connection: saved with the application password sealed (never in the row in
 * clear, never in a loader's answer), tested against a fake WordPress with the result kept, the stored password
 * kept when none is typed, removed on 'Disconnect'. Only the site's owner and the team reach it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sitePublishing, sites } from "../../db/schema";
import { action, loader } from "~/routes/app/publishing";
import { asTeam, NotFoundError } from "~/models/access.server";
import {
  disconnectPublishing,
  getPublishingSettings,
  MissingPasswordError,
  saveWordPressConnection,
  testWordPressConnection,
} from "~/models/site-publishing.server";
import { getSiteOverview } from "~/models/site.server";
import type { TeamMember } from "~/services/auth.server";
import { resetEnvForTests } from "~/services/env.server";
import { startFakeWordPress, type FakeWordPress } from "../fakes/wordpress";
import { formPost, runRoute } from "../setup/accounts";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";
import { signedInUser } from "../setup/sessions";

const database = useTestDatabase();
const PASSWORD = "abcd EFGH ijkl MNOP qrst UVWX";

let wp: FakeWordPress;
let owner: TestUser;
let stranger: TestUser;
let siteId: number;

beforeAll(async () => {
  wp = await startFakeWordPress();
  const { db } = await database;
  owner = await insertUser(db, { name: "Claire Client" });
  stranger = await insertUser(db, { name: "Autre Client" });
  const [site] = await db
    .insert(sites)
    .values({ name: "Boulangerie", url: "https://boulangerie.example", linkedUser: owner.id })
    .returning();
  siteId = site!.id;
});
beforeEach(() => {
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE_HOSTS", "true");
  resetEnvForTests();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await wp.close();
});

const connection = (
  overrides: Partial<{ url: string; username: string; applicationPassword: string; publishOnApproval: boolean }> = {},
) => ({
  url: wp.url,
  username: "editor",
  applicationPassword: PASSWORD,
  publishOnApproval: false,
  ...overrides,
});

describe("the WordPress connection", () => {
  it("starts unconnected, with the site's address and its publishing settings", async () => {
    const settings = await getPublishingSettings(owner, siteId);
    expect(settings).toMatchObject({
      site: { id: siteId, name: "Boulangerie", contentType: "post", defaultStatus: "draft", autoPublishImage: false },
      wordpress: null,
      publishOnApproval: false,
      lastCheck: null,
    });
    await expect(saveWordPressConnection(owner, siteId, connection({ applicationPassword: "" }))).rejects.toBeInstanceOf(
      MissingPasswordError,
    );
  });

  it("saves the password sealed, tests the connection and keeps the result", async () => {
    const check = await saveWordPressConnection(owner, siteId, connection({ publishOnApproval: true }));
    expect(check).toMatchObject({ problem: null, message: null, userName: "Éditrice" });
    const { db } = await database;
    const [row] = await db.select().from(sitePublishing).where(eq(sitePublishing.siteId, siteId));
    expect(row!.wordpressPassword).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain("EFGH");
    expect(row!.updatedBy).toBe(owner.id);
    const settings = await getPublishingSettings(owner, siteId);
    expect(settings.wordpress).toEqual({ url: wp.url, username: "editor", hasPassword: true });
    expect(settings.publishOnApproval).toBe(true);
    expect(settings.lastCheck).toMatchObject({ problem: null, userName: "Éditrice" });
    expect(JSON.stringify(settings)).not.toContain(row!.wordpressPassword!);
    expect(await getSiteOverview(owner, siteId)).toMatchObject({ publishingTarget: "wordpress", publishingProblem: false });
  });

  it("keeps the stored password when none is typed, and replaces it when one is", async () => {
    expect((await saveWordPressConnection(owner, siteId, connection({ applicationPassword: "" }))).problem).toBeNull();
    const wrong = await saveWordPressConnection(owner, siteId, connection({ applicationPassword: "not the password" }));
    expect(wrong).toMatchObject({ problem: "credentials", userName: null });
    expect(wrong.message).toMatch(/refused the user name or the application password/);
    expect(await getSiteOverview(owner, siteId)).toMatchObject({ publishingProblem: true });
    expect((await saveWordPressConnection(owner, siteId, connection())).problem).toBeNull();
  });

  it("tests the stored connection again on demand, and tells when the site changed since", async () => {
    expect((await testWordPressConnection(owner, siteId)).problem).toBeNull();
    wp.fault = "html";
    const blocked = await testWordPressConnection(owner, siteId);
    expect(blocked.problem).toBe("not_json");
    expect((await getPublishingSettings(owner, siteId)).lastCheck).toMatchObject({ problem: "not_json", message: blocked.message });
    wp.fault = "none";
  });

  it("says to type the password again when the stored one can no longer be opened (AUTH_SECRET changed)", async () => {
    vi.stubEnv("AUTH_SECRET", "another secret of at least thirty-two characters");
    resetEnvForTests();
    const check = await testWordPressConnection(owner, siteId);
    expect(check).toMatchObject({
      problem: "password_unreadable",
      message: "The stored application password can no longer be read (the server's secret changed): enter it again.",
    });
    vi.unstubAllEnvs();
    vi.stubEnv("OUTBOUND_ALLOW_PRIVATE_HOSTS", "true");
    resetEnvForTests();
    expect((await testWordPressConnection(owner, siteId)).problem).toBeNull();
  });

  it("is the owner's and the team's only: another client finds no such site", async () => {
    await expect(getPublishingSettings(stranger, siteId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveWordPressConnection(stranger, siteId, connection())).rejects.toBeInstanceOf(NotFoundError);
    await expect(testWordPressConnection(stranger, siteId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(disconnectPublishing(stranger, siteId)).rejects.toBeInstanceOf(NotFoundError);
    const { db } = await database;
    const account = await insertUser(db, { name: "Noé Équipe" });
    const member: TeamMember = { ...account, image: null, role: "team", twoFactorEnabled: true };
    expect((await testWordPressConnection(asTeam(member), siteId)).problem).toBeNull();
  });

  it("forgets the connection and its password on 'Disconnect'", async () => {
    await disconnectPublishing(owner, siteId);
    const { db } = await database;
    expect(await db.select().from(sitePublishing).where(eq(sitePublishing.siteId, siteId))).toEqual([]);
    expect((await getPublishingSettings(owner, siteId)).wordpress).toBeNull();
    await expect(testWordPressConnection(owner, siteId)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("the publishing screen's route", () => {
  it("saves and tests through the form, answers field errors, and never sends the password back", async () => {
    const { user, browser } = await signedInUser("Léa Propriétaire");
    const { db } = await database;
    const [site] = await db.insert(sites).values({ name: "Fleurs", url: "https://fleurs.example", linkedUser: user.id }).returning();
    const path = `/sites/${site!.id}/publishing`;
    const params = { siteId: String(site!.id) };

    const refused = await runRoute(
      action,
      formPost(browser, path, { intent: "save", url: "fleurs.example", username: "", applicationPassword: "" }),
      params,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.result.error).toMatchObject({
      url: ["Enter the WordPress site's address, starting with https://"],
      username: ["Enter the WordPress user name"],
    });

    const noPassword = await runRoute(
      action,
      formPost(browser, path, { intent: "save", url: wp.url, username: "editor", applicationPassword: "" }),
      params,
    );
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.result.error).toMatchObject({ applicationPassword: ["Enter the application password."] });

    const saved = await runRoute(
      action,
      formPost(browser, path, {
        intent: "save",
        url: `${wp.url}/`,
        username: "editor",
        applicationPassword: PASSWORD,
        publishOnApproval: "on",
      }),
      params,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, check: { problem: null, userName: "Éditrice" }, toast: { title: "Connection saved" } });

    const page = await runRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie: browser.cookie } }), params);
    expect(page.body.settings).toMatchObject({
      wordpress: { url: wp.url, username: "editor", hasPassword: true },
      publishOnApproval: true,
    });
    const [row] = await db.select().from(sitePublishing).where(eq(sitePublishing.siteId, site!.id));
    for (const secret of [PASSWORD, row!.wordpressPassword!]) expect(JSON.stringify(page.body)).not.toContain(secret);

    const tested = await runRoute(action, formPost(browser, path, { intent: "test" }), params);
    expect(tested.body).toMatchObject({ ok: true, toast: { title: "Connection works" } });

    const gone = await runRoute(action, formPost(browser, path, { intent: "disconnect" }), params);
    expect(gone.body).toMatchObject({ ok: true, toast: { title: "Disconnected" } });
  });

  it("answers another account's site like a missing one", async () => {
    const { browser } = await signedInUser("Intrus");
    const path = `/sites/${siteId}/publishing`;
    const params = { siteId: String(siteId) };
    // The loader throws the 404 that the route's error boundary shows ("Site not found").
    await expect(
      runRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie: browser.cookie } }), params),
    ).rejects.toMatchObject({
      init: { status: 404 },
      data: { title: "Site not found" },
    });
    for (const intent of ["save", "test", "disconnect"]) {
      const answer = await runRoute(
        action,
        formPost(browser, path, { intent, url: wp.url, username: "editor", applicationPassword: PASSWORD }),
        params,
      );
      expect(answer.status, intent).toBe(404);
    }
    const { db } = await database;
    expect(await db.select().from(sitePublishing).where(eq(sitePublishing.siteId, siteId))).toEqual([]);
  });
});
