import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readToast, redirectWithToast, toastCookie } from "./toast.server";

beforeAll(() => {
  vi.stubEnv("PUBLIC_URL", "http://localhost:3999");
  vi.stubEnv("AUTH_SECRET", "t".repeat(40));
  vi.stubEnv("DATA_DIR", "/nonexistent-data-dir-for-toast-tests");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const cookiePair = (setCookie: string) => setCookie.split(";")[0];
const request = (cookie?: string) => new Request("http://localhost:3999/dashboard", { headers: cookie ? { cookie } : {} });

describe("flash toasts", () => {
  it("carries a toast in an HttpOnly SameSite=Lax cookie, read once", async () => {
    const setCookie = await toastCookie({ title: "Connecté", description: "Vous êtes maintenant connecté" });
    expect(setCookie).toMatch(/^seo_toast=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain("Connect"); // signed and encoded, not in clear
    const first = await readToast(request(cookiePair(setCookie)));
    expect(first.toast).toEqual({ title: "Connecté", description: "Vous êtes maintenant connecté" });
    expect(first.setCookie).toBeTruthy();
    // The answer removes the cookie at once (issue 37): no emptied cookie is left for a later answer to remove,
    // which, arriving after a newer toast was set, would have removed that one.
    expect(first.setCookie).toMatch(/^seo_toast=;/);
    expect(first.setCookie).toMatch(/Expires=Thu, 01 Jan 1970/i);
  });

  it("ignores a tampered cookie and requests without one", async () => {
    const setCookie = await toastCookie({ title: "x" });
    const [name, value] = cookiePair(setCookie).split("=");
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect((await readToast(request(tampered))).toast).toBeNull();
    expect(await readToast(request())).toEqual({ toast: null, setCookie: null });
    expect(await readToast(request("other=1"))).toEqual({ toast: null, setCookie: null });
  });

  it("redirects with the toast and keeps other cookies", async () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "seo.session_token=abc; Path=/; HttpOnly");
    const response = await redirectWithToast("/dashboard", { title: "Connecté" }, { headers });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^seo\.session_token=abc/);
    expect(cookies[1]).toMatch(/^seo_toast=/);
  });
});
