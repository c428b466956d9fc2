/**
 * A fake WordPress on 127.0.0.1 speaking the REST API as WordPress 6 does (issue 15), for the integration and
 * end-to-end tests: the index (/wp-json/, or /?rest_route=/ with plain permalinks), application passwords over
 * Basic auth (ignored, as WordPress does, when the site does not offer them), /wp/v2/users/me with the user's
 * capabilities, posts and pages (created, updated, listed with X-WP-Total, trashed), and media uploads.
 * Errors are WordPress's own JSON ({ code, message, data: { status } }). `fault` turns the site into what the
 * product must explain: a REST API turned off by a plugin, no API at all, a security plugin's HTML page, a
 * server error, a site that never answers.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeUser = { username: string; applicationPassword: string; name: string; capabilities: Record<string, boolean> };

export type FakeContent = {
  id: number;
  type: "post" | "page";
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  status: "draft" | "private" | "publish" | "pending" | "future" | "trash";
  featured_media: number;
  date: string;
  modified: string;
};

export type FakeMedia = { id: number; fileName: string; mimeType: string; sha256: string; bytes: number; alt_text: string };

/**
 * rest_disabled: a plugin closes the API to everyone; rest_for_users: only to visitors (Disable REST API's
 * default); no_api: not a WordPress (or its API removed); html: a security plugin's page; hang: no answer.
 */
export type Fault = "none" | "rest_disabled" | "rest_for_users" | "no_api" | "html" | "server_error" | "hang";

export const EDITOR: Record<string, boolean> = {
  edit_posts: true,
  publish_posts: true,
  edit_pages: true,
  publish_pages: true,
  upload_files: true,
};

export const CONTRIBUTOR: Record<string, boolean> = { edit_posts: true, read: true };

export type FakeWordPress = {
  url: string;
  permalinks: "pretty" | "plain";
  /** WordPress offers application passwords over HTTPS (or on a "local" environment); false: as on plain HTTP. */
  applicationPasswords: boolean;
  fault: Fault;
  users: FakeUser[];
  content: Map<number, FakeContent>;
  media: Map<number, FakeMedia>;
  /** Every REST request: method, route and the user it was made as (null: none). */
  seen: { method: string; route: string; user: string | null }[];
  /** The next answers of a route (e.g. "POST /wp/v2/posts"), before the normal one. */
  script: Map<string, { status: number; json?: unknown; html?: string; hang?: boolean }[]>;
  /** Deletes a post or a page on the site's side (the trash, then emptied): the product must notice. */
  deleteRemotely(id: number): void;
  /** Adds a post or a page as if written in WordPress. */
  addContent(content: Partial<FakeContent> & Pick<FakeContent, "title" | "content">): FakeContent;
  close(): Promise<void>;
};

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", ...headers }).end(JSON.stringify(body));

const wpError = (res: http.ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { code, message, data: { status } });

const html = (res: http.ServerResponse, status: number, body: string) =>
  res.writeHead(status, { "Content-Type": "text/html; charset=UTF-8" }).end(`<!doctype html><html><body>${body}</body></html>`);

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export async function startFakeWordPress(
  options: { permalinks?: "pretty" | "plain"; applicationPasswords?: boolean; users?: FakeUser[] } = {},
): Promise<FakeWordPress> {
  let nextId = 100;
  const sockets = new Set<import("node:net").Socket>();
  const fake: Omit<FakeWordPress, "url" | "close"> = {
    permalinks: options.permalinks ?? "pretty",
    applicationPasswords: options.applicationPasswords ?? true,
    fault: "none",
    users: options.users ?? [
      { username: "editor", applicationPassword: "abcd EFGH ijkl MNOP qrst UVWX", name: "Éditrice", capabilities: EDITOR },
    ],
    content: new Map(),
    media: new Map(),
    seen: [],
    script: new Map(),
    deleteRemotely(id) {
      fake.content.delete(id);
    },
    addContent(partial) {
      const now = new Date().toISOString().slice(0, 19);
      const item: FakeContent = {
        id: nextId++,
        type: "post",
        excerpt: "",
        slug: partial.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        status: "publish",
        featured_media: 0,
        date: now,
        modified: now,
        ...partial,
      };
      fake.content.set(item.id, item);
      return item;
    },
  };

  let baseUrl = "";
  const link = (item: FakeContent) =>
    fake.permalinks === "pretty" ? `${baseUrl}/${item.slug}/` : `${baseUrl}/?${item.type === "page" ? "page_id" : "p"}=${item.id}`;
  const present = (item: FakeContent, context: string | null) => ({
    id: item.id,
    type: item.type,
    slug: item.slug,
    status: item.status,
    link: link(item),
    date: item.date,
    modified: item.modified,
    featured_media: item.featured_media,
    title: { rendered: item.title, ...(context === "edit" ? { raw: item.title } : {}) },
    content: { rendered: item.content, ...(context === "edit" ? { raw: item.content } : {}), protected: false },
    excerpt: { rendered: item.excerpt ? `<p>${item.excerpt}</p>\n` : "", ...(context === "edit" ? { raw: item.excerpt } : {}) },
  });

  /** The user a request authenticates as: undefined without credentials, null with wrong ones. */
  function authenticate(req: http.IncomingMessage): FakeUser | null | undefined {
    const header = req.headers.authorization;
    if (!header || !fake.applicationPasswords) return undefined;
    const [scheme, value] = header.split(" ");
    if (scheme !== "Basic" || !value) return null;
    const decoded = Buffer.from(value, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1).replace(/\s+/g, "");
    const user = fake.users.find((u) => u.username === username);
    if (!user || user.applicationPassword.replace(/\s+/g, "") !== password) return null;
    return user;
  }

  async function rest(req: http.IncomingMessage, res: http.ServerResponse, route: string, query: URLSearchParams) {
    const user = authenticate(req);
    fake.seen.push({ method: req.method ?? "GET", route, user: user ? user.username : null });
    const scripted = fake.script.get(`${req.method} ${route.replace(/\/\d+$/, "/:id")}`)?.shift();
    if (scripted) {
      if (scripted.hang) return;
      if (scripted.html !== undefined) return html(res, scripted.status, scripted.html);
      return json(
        res,
        scripted.status,
        scripted.json ?? { code: "scripted", message: "Scripted answer.", data: { status: scripted.status } },
      );
    }
    if (fake.fault === "rest_disabled" || (fake.fault === "rest_for_users" && !user))
      return wpError(res, 401, "rest_cannot_access", "DRA: Only authenticated users can access the REST API.");
    if (fake.fault === "html") return html(res, 403, "<h1>Access denied</h1><p>Blocked by the site's firewall.</p>");
    if (fake.fault === "server_error") return html(res, 500, "<p>There has been a critical error on this website.</p>");
    if (user === null) return wpError(res, 401, "incorrect_password", "The provided password is an invalid application password.");

    if (route === "/" && req.method === "GET") {
      return json(res, 200, {
        name: "Fake WordPress",
        url: baseUrl,
        namespaces: ["oembed/1.0", "wp/v2", "wp-site-health/v1"],
        authentication: fake.applicationPasswords
          ? { "application-passwords": { endpoints: { authorization: `${baseUrl}/wp-admin/authorize-application.php` } } }
          : [],
        routes: {},
      });
    }
    if (route === "/wp/v2/users/me" && req.method === "GET") {
      if (!user) return wpError(res, 401, "rest_not_logged_in", "You are not currently logged in.");
      return json(res, 200, {
        id: 1,
        name: user.name,
        slug: user.username,
        ...(query.get("context") === "edit" ? { capabilities: user.capabilities, username: user.username } : {}),
      });
    }

    const collection = /^\/wp\/v2\/(posts|pages)$/.exec(route);
    const single = /^\/wp\/v2\/(posts|pages)\/(\d+)$/.exec(route);
    if (collection || single) {
      const type = (collection ?? single)![1] === "pages" ? "page" : "post";
      const plural = type === "page" ? "pages" : "posts";
      const can = (capability: string) => Boolean(user?.capabilities[capability]);
      if (collection && req.method === "GET") {
        const context = query.get("context");
        if (context === "edit" && !can(`edit_${plural}`))
          return wpError(res, user ? 403 : 401, "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type.");
        const search = (query.get("search") ?? "").toLowerCase();
        const perPage = Math.min(100, Number(query.get("per_page") ?? 10));
        const page = Number(query.get("page") ?? 1);
        const statuses = (query.get("status") ?? "publish").split(",");
        const modifiedAfter = query.get("modified_after");
        const all = [...fake.content.values()]
          .filter(
            (c) => c.type === type && statuses.includes(c.status) && (!search || `${c.title} ${c.content}`.toLowerCase().includes(search)),
          )
          .filter((c) => !modifiedAfter || Date.parse(`${c.modified}Z`) > Date.parse(modifiedAfter))
          .filter((c) => !query.get("include") || query.get("include")!.split(",").map(Number).includes(c.id))
          .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
        const totalPages = Math.max(1, Math.ceil(all.length / perPage));
        if (page > totalPages && all.length > 0)
          return wpError(
            res,
            400,
            "rest_post_invalid_page_number",
            "The page number requested is larger than the number of pages available.",
          );
        return json(
          res,
          200,
          all.slice((page - 1) * perPage, page * perPage).map((c) => present(c, context)),
          { "X-WP-Total": String(all.length), "X-WP-TotalPages": String(totalPages) },
        );
      }
      if (req.method === "POST") {
        if (!user) return wpError(res, 401, "rest_cannot_create", "Sorry, you are not allowed to create posts as this user.");
        if (!can(`edit_${plural}`))
          return wpError(res, 403, "rest_cannot_create", "Sorry, you are not allowed to create posts as this user.");
        const body = JSON.parse((await readBody(req)).toString("utf8") || "{}") as Partial<Record<string, unknown>>;
        const status = (body.status as FakeContent["status"] | undefined) ?? "draft";
        if ((status === "publish" || status === "private") && !can(`publish_${plural}`))
          return wpError(res, 403, "rest_cannot_publish", "Sorry, you are not allowed to publish posts in this post type.");
        if (body.featured_media && !fake.media.has(Number(body.featured_media)))
          return wpError(res, 400, "rest_invalid_featured_media", "Invalid featured media ID.");
        const now = new Date().toISOString().slice(0, 19);
        if (single) {
          const existing = fake.content.get(Number(single[2]));
          if (!existing || existing.type !== type) return wpError(res, 404, "rest_post_invalid_id", "Invalid post ID.");
          Object.assign(existing, pick(body), { modified: now });
          return json(res, 200, present(existing, "edit"));
        }
        const created: FakeContent = {
          id: nextId++,
          type,
          title: "",
          content: "",
          excerpt: "",
          slug: "",
          status,
          featured_media: 0,
          date: now,
          modified: now,
        };
        Object.assign(created, pick(body));
        if (!created.slug) created.slug = created.title.toLowerCase().replace(/[^a-z0-9]+/g, "-") || String(created.id);
        fake.content.set(created.id, created);
        return json(res, 201, present(created, "edit"), { Location: `${baseUrl}/wp-json/wp/v2/${plural}/${created.id}` });
      }
      if (single && req.method === "GET") {
        const existing = fake.content.get(Number(single[2]));
        if (!existing || existing.type !== type) return wpError(res, 404, "rest_post_invalid_id", "Invalid post ID.");
        return json(res, 200, present(existing, query.get("context")));
      }
      if (single && req.method === "DELETE") {
        const existing = fake.content.get(Number(single[2]));
        if (!existing) return wpError(res, 404, "rest_post_invalid_id", "Invalid post ID.");
        existing.status = "trash";
        return json(res, 200, present(existing, "edit"));
      }
    }

    const mediaItem = /^\/wp\/v2\/media(?:\/(\d+))?$/.exec(route);
    if (mediaItem && req.method === "POST") {
      if (!user) return wpError(res, 401, "rest_cannot_create", "Sorry, you are not allowed to upload media as this user.");
      if (!user.capabilities.upload_files)
        return wpError(res, 403, "rest_cannot_create", "Sorry, you are not allowed to upload media as this user.");
      const body = await readBody(req);
      if (mediaItem[1]) {
        const existing = fake.media.get(Number(mediaItem[1]));
        if (!existing) return wpError(res, 404, "rest_post_invalid_id", "Invalid post ID.");
        const fields = JSON.parse(body.toString("utf8") || "{}") as { alt_text?: string };
        if (typeof fields.alt_text === "string") existing.alt_text = fields.alt_text;
        return json(res, 200, presentMedia(existing));
      }
      const disposition = req.headers["content-disposition"] ?? "";
      const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1];
      if (!fileName || body.length === 0) return wpError(res, 400, "rest_upload_no_data", "No data supplied.");
      const mimeType = (req.headers["content-type"] ?? "").split(";")[0]!;
      if (!mimeType.startsWith("image/"))
        return wpError(res, 500, "rest_upload_sideload_error", "Sorry, you are not allowed to upload this file type.");
      const media: FakeMedia = {
        id: nextId++,
        fileName,
        mimeType,
        sha256: crypto.createHash("sha256").update(body).digest("hex"),
        bytes: body.length,
        alt_text: "",
      };
      fake.media.set(media.id, media);
      return json(res, 201, presentMedia(media));
    }
    return wpError(res, 404, "rest_no_route", "No route was found matching the URL and request method.");
  }

  const presentMedia = (media: FakeMedia) => ({
    id: media.id,
    media_type: "image",
    mime_type: media.mimeType,
    alt_text: media.alt_text,
    source_url: `${baseUrl}/wp-content/uploads/${media.fileName}`,
  });

  const server = http.createServer((req, res) => {
    if (fake.fault === "hang") return; // never answers: the client's time-out ends it
    const url = new URL(req.url ?? "/", "http://localhost");
    const restRoute = url.searchParams.get("rest_route");
    const pretty = url.pathname.startsWith("/wp-json");
    if (pretty && (fake.fault === "no_api" || fake.permalinks === "plain")) return html(res, 404, "<h1>Page not found</h1>");
    if (fake.fault === "no_api") return html(res, 200, "<h1>A site that is not WordPress</h1>");
    if (pretty) {
      url.searchParams.delete("rest_route");
      void rest(req, res, url.pathname.slice("/wp-json".length).replace(/\/$/, "") || "/", url.searchParams);
      return;
    }
    if (restRoute !== null) {
      url.searchParams.delete("rest_route");
      void rest(req, res, restRoute.replace(/\/$/, "") || "/", url.searchParams);
      return;
    }
    html(res, 200, "<h1>A WordPress site</h1>");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url: baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** The fields of a post's JSON body that WordPress writes, as the stored item's. */
function pick(body: Partial<Record<string, unknown>>): Partial<FakeContent> {
  const out: Partial<FakeContent> = {};
  for (const field of ["title", "content", "excerpt", "slug", "status"] as const) {
    if (typeof body[field] === "string") (out as Record<string, unknown>)[field] = body[field];
  }
  if (body.featured_media !== undefined) out.featured_media = Number(body.featured_media);
  return out;
}
