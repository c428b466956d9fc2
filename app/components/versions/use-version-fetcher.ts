import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { VersionActionResult } from "./version-forms";

/** A fetcher posting to the page versions route; its answer is shown as a toast, then handed to `onResult`. */
export const useVersionFetcher = (onResult?: (result: VersionActionResult) => void) => useToastFetcher<VersionActionResult>(onResult);

export type VersionFetcher = ReturnType<typeof useVersionFetcher>;
