/** The Publishing screen's types, read from its route module (docs/decisions/016). */
import type { loader } from "../publishing";

/** The site's publishing settings, as the loader gives them. */
export type PublishingSettings = Awaited<ReturnType<typeof loader>>["settings"];
