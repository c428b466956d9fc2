/**
 * The page list's view in its URL (issue 13): search, status filter, sort, page and page size live in
 * the query string, so that back, forward and reload show the same view, and the server reads only the
 * page it sends. Read with a zod schema where a missing or invalid value falls back to its default (never
 * an error); written back with the defaults left out, so the plain address is the default view.
 *
 *   ?q=velo&status=draft&sort=name&dir=desc&page=3&size=20
 */
import {
  DEFAULT_SORT,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  SORTABLE_COLUMNS,
  STATUS_FILTERS,
  type Sort,
  type SortColumn,
  type StatusFilter,
} from "~/lib/page-rules";
import { z } from "~/lib/zod";

export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];

/** What the list shows: the model's query and the screen's state. `page` counts from 1. */
export type PageListQuery = {
  search: string;
  status: StatusFilter;
  sort: Sort;
  page: number;
  pageSize: PageSize;
};

/** The names of the query string's parameters. */
export const PAGE_LIST_PARAMS = { search: "q", status: "status", sort: "sort", dir: "dir", page: "page", size: "size" } as const;

/** A longer search is cut to this length (nobody types more; it keeps the URL and the query small). */
export const SEARCH_MAX_LENGTH = 200;
/** Higher page numbers read as the default (the list clamps to its last page anyway). */
const PAGE_MAX = 1_000_000;

export const DEFAULT_PAGE_LIST_QUERY: PageListQuery = {
  search: "",
  status: "all",
  sort: DEFAULT_SORT,
  page: 1,
  pageSize: PAGE_SIZE_DEFAULT as PageSize,
};

const STATUS_VALUES = STATUS_FILTERS.map((f) => f.value) as [StatusFilter, ...StatusFilter[]];
const SIZE_VALUES = PAGE_SIZE_OPTIONS.map(String) as [string, ...string[]];

/** Each parameter on its own: a bad one falls back to its default and leaves the others alone. */
const paramsSchema = z.object({
  q: z
    .string()
    .transform((value) => value.slice(0, SEARCH_MAX_LENGTH))
    .catch(""),
  status: z.enum(STATUS_VALUES).catch("all"),
  sort: z
    .enum(SORTABLE_COLUMNS as [SortColumn, ...SortColumn[]])
    .nullable()
    .catch(null),
  dir: z.enum(["asc", "desc"]).nullable().catch(null),
  page: z
    .string()
    .regex(/^\d{1,7}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(PAGE_MAX))
    .catch(1),
  size: z
    .enum(SIZE_VALUES)
    .transform((value) => Number(value) as PageSize)
    .catch(PAGE_SIZE_DEFAULT as PageSize),
});

/**
 * The view a query string asks for. Without a column, the default sort; a column without a direction
 * sorts as a newly clicked column does (ascending), except the default column, which keeps its default
 * direction.
 */
export function parsePageListQuery(params: URLSearchParams): PageListQuery {
  const P = PAGE_LIST_PARAMS;
  const read = paramsSchema.parse({
    q: params.get(P.search),
    status: params.get(P.status),
    sort: params.get(P.sort),
    dir: params.get(P.dir),
    page: params.get(P.page),
    size: params.get(P.size),
  });
  const column = read.sort ?? DEFAULT_SORT.id;
  const desc = read.dir ? read.dir === "desc" : column === DEFAULT_SORT.id ? DEFAULT_SORT.desc : false;
  return { search: read.q, status: read.status, sort: { id: column, desc }, page: read.page, pageSize: read.size };
}

/** The query string of a view, defaults left out (the default view is the bare address). */
export function pageListSearchParams(query: PageListQuery): URLSearchParams {
  const P = PAGE_LIST_PARAMS;
  const params = new URLSearchParams();
  if (query.search.trim() !== "") params.set(P.search, query.search.slice(0, SEARCH_MAX_LENGTH));
  if (query.status !== DEFAULT_PAGE_LIST_QUERY.status) params.set(P.status, query.status);
  if (query.sort.id !== DEFAULT_SORT.id || query.sort.desc !== DEFAULT_SORT.desc) {
    params.set(P.sort, query.sort.id);
    params.set(P.dir, query.sort.desc ? "desc" : "asc");
  }
  if (query.page > 1) params.set(P.page, String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_LIST_QUERY.pageSize) params.set(P.size, String(query.pageSize));
  return params;
}

/** "?q=..." for a link or a navigation, or "" for the default view. */
export function pageListSearch(query: PageListQuery): string {
  const text = pageListSearchParams(query).toString();
  return text ? `?${text}` : "";
}
