/**
 * Flash toasts: a mutation that redirects leaves a toast in a signed cookie; the root loader reads it
 * once and clears it. Success messages never travel in the URL.
 */
import { createCookieSessionStorage, redirect } from "react-router";
import { getEnv } from "./env.server";
import type { Toast } from "~/lib/toast";

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  const env = getEnv();
  return createCookieSessionStorage<{ toast: Toast }>({
    cookie: {
      name: "seo_toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.PUBLIC_URL.startsWith("https://"),
      secrets: [env.AUTH_SECRET],
    },
  });
}

function getStorage() {
  if (!storage) storage = createStorage();
  return storage;
}

/** A Set-Cookie value carrying one toast. */
export async function toastCookie(toast: Toast): Promise<string> {
  const s = getStorage();
  const session = await s.getSession();
  session.flash("toast", toast);
  return s.commitSession(session);
}

/** Redirects with a toast; extra headers (such as session cookies) are kept. */
export async function redirectWithToast(url: string, toast: Toast, init: { headers?: Headers } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { headers });
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const s = getStorage();
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("seo_toast=")) return { toast: null, setCookie: null };
  const session = await s.getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  // Removed, read or not (a tampered one): an emptied cookie left behind would be removed by a later answer, which,
  // arriving after a newer toast was set (a sign-out's, say), would remove that one instead (issue 37).
  return { toast, setCookie: await s.destroySession(session) };
}
