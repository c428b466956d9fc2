/**
 * The console's lists read their view from the URL (search, filters, page) and write it back into their links.
 * One way for all of them: a parameter that cannot be read is dropped (the default view), never an error.
 */
import { z } from "~/lib/zod";

/** The page number (from 1). */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);

/** A search text, trimmed. */
export const textParam = z.string().trim().max(200).optional().catch(undefined);

/** One of the keys of `choices`, or nothing. */
export const choiceParam = <T extends Record<string, string>>(choices: T) =>
  z
    .string()
    .refine((v): v is keyof T & string => Object.hasOwn(choices, v))
    .optional()
    .catch(undefined);

/** One of the keys of `choices`, else `fallback`. */
export const choiceParamOr = <T extends Record<string, string>>(choices: T, fallback: keyof T & string) =>
  z
    .string()
    .refine((v): v is keyof T & string => Object.hasOwn(choices, v))
    .catch(fallback)
    .default(fallback);

/** Reads a list's view from its URL's parameters (empty ones count as absent). */
export function parseListQuery<Schema extends z.ZodType>(schema: Schema, params: URLSearchParams): z.output<Schema> {
  return schema.parse(Object.fromEntries([...params].filter(([, v]) => v !== "")));
}

/** A list's address with its view: the parameters given, without the empty ones (and page 1 said by none). */
export function listHref(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "" || (key === "page" && Number(value) <= 1)) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
