/**
 * The page versions screen's types, read from its route module (docs/decisions/016): a version as the loader
 * gives it, and the screen's fetcher, whose answers are the action's.
 */
import type { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action, loader } from "../page-versions";

/** A version as the screen receives it from the loader (see toScreenVersion in the route). */
export type ScreenVersion = Awaited<Awaited<ReturnType<typeof loader>>["versions"]>[number];

/** A fetcher posting to the page versions action. */
export type VersionsFetcher = ReturnType<typeof useToastFetcher<typeof action>>;
