import path from "node:path";
import type { Route } from "./+types/files";
import { typeForExtension } from "~/lib/image-type";
import { getEnv } from "~/services/env.server";
import { assertSafeKey, isBucket, LocalStorage } from "~/services/storage.server";

/**
 * Stored files of the local driver, by the names the server generated. The type comes from the
 * extension chosen at upload (which matched the detected content); nosniff keeps browsers to it.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const bucket = params.bucket;
  const key = params["*"] ?? "";
  const notFound = () => new Response("Not found", { status: 404, headers: { "X-Content-Type-Options": "nosniff" } });
  if (!isBucket(bucket)) return notFound();
  try {
    assertSafeKey(key);
  } catch {
    return notFound();
  }
  const type = typeForExtension(key.split(".").pop() ?? "");
  if (!type) return notFound();
  const storage = new LocalStorage(path.join(getEnv().dataDir, "storage"));
  const body = await storage.read(bucket, key);
  if (!body) return notFound();
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(body.byteLength),
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
