/** models/site.server: ownership on every read and write, references checked, logo kept on update. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sites, toneArticles } from "../../db/schema";
import { SITE_FIELDS, siteFormSchema, type SiteInput } from "~/lib/schemas/site";
import { createSite, deleteSite, getSite, InvalidReferenceError, listSites, SiteNotFoundError, updateSite } from "~/models/site.server";
import { useTestDatabase } from "../setup/database";
import { insertUser, type TestUser } from "../setup/factories";

const database = useTestDatabase();

let alice: TestUser;
let bob: TestUser;
let france: number;
let french: number;
let german: number; // a language of Germany, not of France
let sharedToneGroup: number;

/** A site input as the dialog's schema produces it from form values (every field present, as siteFormValues gives). */
function input(values: Record<string, unknown> = {}): SiteInput {
  const blank = Object.fromEntries(SITE_FIELDS.map((field) => [field, undefined]));
  return siteFormSchema.parse({ ...blank, url: "https://www.example.com", ...values });
}

async function rawSite(id: number) {
  const [row] = await database.db.select().from(sites).where(eq(sites.id, id));
  return row;
}

beforeAll(async () => {
  alice = await insertUser(database.db, { name: "Alice Martin", email: "alice@example.test" });
  bob = await insertUser(database.db, { name: "Bob Durand", email: "bob@example.test" });
  const [fr] = await database.query<{ id: number }>("select id from location_countries where iso_code = 'FR'");
  france = fr.id;
  const [frLang] = await database.query<{ id: number }>(
    "select id from location_languages where linked_country = $1 and language_name = 'French'",
    [france],
  );
  french = frLang.id;
  const [deLang] = await database.query<{ id: number }>(`
    select l.id from location_languages l join location_countries c on c.id = l.linked_country
    where c.iso_code = 'DE' and l.language_name = 'German'`);
  german = deLang.id;
  const [group] = await database.query<{ id: number }>(
    "select id from tone_articles where parent_tone_article is null and creator is null order by id limit 1",
  );
  sharedToneGroup = group.id;
});

describe("createSite / getSite", () => {
  it("creates a site owned by the acting user, with the dialog's defaults", async () => {
    const created = await createSite(alice, input({ country: String(france), language: String(french) }), "/api/files/seo1/logos/a.png");
    expect(created).toMatchObject({
      name: "example.com",
      url: "https://www.example.com",
      imageLogo: "/api/files/seo1/logos/a.png",
      country: france,
      language: french,
      toneArticlesGroup: null,
      serpsNbResults: 10,
      serpsImgNbResults: 10,
      defaultStatus: "draft",
    });
    expect((await rawSite(created.id)).linkedUser).toBe(alice.id);
    expect(await getSite(alice, created.id)).toEqual(created);
  });

  it("stores tone group 'none' as null and a shared tone group by id", async () => {
    const none = await createSite(alice, input({ toneArticlesGroup: "none" }), "/logo.png");
    expect(none.toneArticlesGroup).toBeNull();
    const grouped = await createSite(alice, input({ toneArticlesGroup: String(sharedToneGroup) }), "/logo.png");
    expect(grouped.toneArticlesGroup).toBe(sharedToneGroup);
  });

  it("refuses a language that does not belong to the chosen country", async () => {
    await expect(createSite(alice, input({ country: String(france), language: String(german) }), "/logo.png")).rejects.toBeInstanceOf(
      InvalidReferenceError,
    );
  });

  it("refuses a language without a country and an unknown country", async () => {
    const withoutCountry = { ...input(), country: null, language: french };
    await expect(createSite(alice, withoutCountry, "/logo.png")).rejects.toBeInstanceOf(InvalidReferenceError);
    await expect(createSite(alice, input({ country: "999999" }), "/logo.png")).rejects.toBeInstanceOf(InvalidReferenceError);
  });

  it("refuses another user's tone group and a tone article that is not a group", async () => {
    const [bobsGroup] = await database.db
      .insert(toneArticles)
      .values({ name: "Bob's tone", creator: bob.id })
      .returning({ id: toneArticles.id });
    const [child] = await database.db
      .insert(toneArticles)
      .values({ name: "A sample", content: "text", parentToneArticle: sharedToneGroup })
      .returning({ id: toneArticles.id });
    await expect(createSite(alice, input({ toneArticlesGroup: String(bobsGroup.id) }), "/logo.png")).rejects.toBeInstanceOf(
      InvalidReferenceError,
    );
    await expect(createSite(alice, input({ toneArticlesGroup: String(child.id) }), "/logo.png")).rejects.toBeInstanceOf(
      InvalidReferenceError,
    );
    // Bob may use his own group.
    const bobs = await createSite(bob, input({ toneArticlesGroup: String(bobsGroup.id) }), "/logo.png");
    expect(bobs.toneArticlesGroup).toBe(bobsGroup.id);
  });
});

describe("listSites", () => {
  it("lists only the user's sites, newest (highest id) first", async () => {
    const a1 = await createSite(alice, input({ url: "https://one.example" }), "/1.png");
    const b1 = await createSite(bob, input({ url: "https://bob.example" }), "/b.png");
    const a2 = await createSite(alice, input({ url: "https://two.example" }), "/2.png");
    const aliceSites = await listSites(alice);
    const ids = aliceSites.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(ids.slice(0, 2)).toEqual([a2.id, a1.id]);
    expect(ids).not.toContain(b1.id);
    const bobIds = (await listSites(bob)).map((s) => s.id);
    expect(bobIds).toContain(b1.id);
    expect(bobIds).not.toContain(a1.id);
    expect(bobIds).not.toContain(a2.id);
  });

  it("answers an empty list for a user without sites", async () => {
    const carol = await insertUser(database.db);
    expect(await listSites(carol)).toEqual([]);
  });
});

describe("ownership", () => {
  it("answers another user's site exactly like a missing one", async () => {
    const site = await createSite(alice, input({ url: "https://private.example" }), "/p.png");
    const foreign = await getSite(bob, site.id).catch((e: unknown) => e);
    const missing = await getSite(bob, 2_000_000_000).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(SiteNotFoundError);
    expect(missing).toBeInstanceOf(SiteNotFoundError);
    expect((foreign as Error).message).toBe((missing as Error).message);
  });

  it("never lets another user update the site, and leaves the row unchanged", async () => {
    const site = await createSite(alice, input({ url: "https://keep.example", name: "Keep me" }), "/keep.png");
    const before = await rawSite(site.id);
    await expect(updateSite(bob, site.id, input({ url: "https://stolen.example", name: "Stolen" }), "/evil.png")).rejects.toBeInstanceOf(
      SiteNotFoundError,
    );
    expect(await rawSite(site.id)).toEqual(before);
  });

  it("never lets another user delete the site", async () => {
    const site = await createSite(alice, input({ url: "https://stay.example" }), "/stay.png");
    const before = await rawSite(site.id);
    await expect(deleteSite(bob, site.id)).rejects.toBeInstanceOf(SiteNotFoundError);
    expect(await rawSite(site.id)).toEqual(before);
  });
});

describe("updateSite / deleteSite", () => {
  it("keeps the old logo when no new one is given, and replaces it when one is", async () => {
    const site = await createSite(alice, input({ url: "https://logo.example" }), "/old-logo.png");
    const updated = await updateSite(alice, site.id, input({ url: "https://logo.example", name: "Renamed", serpsNbResults: "42" }));
    expect(updated.name).toBe("Renamed");
    expect(updated.serpsNbResults).toBe(42);
    expect(updated.imageLogo).toBe("/old-logo.png");
    expect((await rawSite(site.id)).imageLogo).toBe("/old-logo.png");
    const relogoed = await updateSite(alice, site.id, input({ url: "https://logo.example" }), "/new-logo.png");
    expect(relogoed.imageLogo).toBe("/new-logo.png");
  });

  it("checks references on update too, without touching the row", async () => {
    const site = await createSite(
      alice,
      input({ url: "https://ref.example", country: String(france), language: String(french) }),
      "/r.png",
    );
    const before = await rawSite(site.id);
    await expect(
      updateSite(alice, site.id, input({ url: "https://ref.example", country: String(france), language: String(german) })),
    ).rejects.toBeInstanceOf(InvalidReferenceError);
    expect(await rawSite(site.id)).toEqual(before);
  });

  it("deletes the user's own site and answers its name", async () => {
    const site = await createSite(alice, input({ url: "https://gone.example", name: "Gone" }), "/g.png");
    expect(await deleteSite(alice, site.id)).toMatchObject({ name: "Gone" });
    await expect(getSite(alice, site.id)).rejects.toBeInstanceOf(SiteNotFoundError);
    await expect(deleteSite(alice, site.id)).rejects.toBeInstanceOf(SiteNotFoundError);
  });
});
