/**
 * Which of the encodings an answer has the browser gets: as the compression middleware chooses, by the
 * Accept-Encoding header's weights (negotiator), Brotli first when the browser takes both equally.
 */
import type { IncomingMessage } from "node:http";
import Negotiator from "negotiator";
import type { Encoding } from "../app/lib/static-page-cache.server";

/** The server's preference among encodings the browser weighs equally (negotiator's second argument, which its types lack). */
const PREFERRED: Encoding[] = ["br", "gzip"];

/** The encoding to send among `available` (identity among them), identity when the browser takes none of them. */
export function chooseEncoding(req: IncomingMessage, available: readonly Encoding[]): Encoding {
  const negotiator = new Negotiator(req) as unknown as { encoding(available: readonly string[], preferred: string[]): string | undefined };
  return (negotiator.encoding(available, PREFERRED) as Encoding | undefined) ?? "identity";
}
