/**
 * Rules of the page list and the page dialog (spec part 2, sections 2, 4, 5 and 9), shared by the
 * browser and the server: URL normalisation, status fallback, badge style, the search and status
 * filters, the sort toggle, pagination constants and the batch limits. The dialog's schema is
 * lib/schemas/page.ts; the list's view in the URL, lib/page-list-query.ts.
 */
import { formatDateTime } from "~/lib/format";
import { publicViewPath } from "~/lib/public-view";

/** The statuses table's defaults, used when it cannot be read (spec part 2, sections 3 and 9). */
export const DEFAULT_STATUSES = [
  { id: 1, name: "Published" },
  { id: 2, name: "Draft" },
  { id: 3, name: "In Review" },
] as const;
export const FALLBACK_STATUS_ID = 1;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50] as const;

/** Batch actions on selected pages. */
export const BATCH_CREATE_MIN = 2;
export const COPY_URLS_MIN = 1;

export const STATUS_FILTERS = [
  { value: "all", label: "All statuses" },
  { value: "published", label: "Published" },
  { value: "in review", label: "In Review" },
  { value: "draft", label: "Draft" },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];
export const isStatusFilter = (value: unknown): value is StatusFilter => STATUS_FILTERS.some((f) => f.value === value);

export const PAGE_MESSAGES = {
  nameRequired: "Page name is required",
  urlRequired: "Page URL is required",
  notSignedInCreate: "You must be logged in to create a page",
  /** Editing without a user or without a page. */
  missingUserOrPage: "Missing user or page information.",
  created: "Page created",
  createFailed: "Unable to create the page. Please try again.",
  createFailedInline: "Unable to create the page. Please verify you have permission to create pages for this site.",
  updated: "Page updated",
  updateFailed: "Unable to update the page. Please try again.",
  deleted: "Page deleted",
  deleteFailed: "Unable to delete the page.",
  statusesFailed: "Unable to load page statuses",
  loadFailed: "Unable to load pages for this site.",
  noMatch: "No pages match your search.",
  noPages: "No pages found for this site.",
  loading: "Loading pages...",
  batchFailed: "Batch creation failed",
  noPageIds: "No page IDs provided",
  batchTooFew: `Select at least ${BATCH_CREATE_MIN} pages to create articles.`,
  notAuthenticated: "User not authenticated",
  batchCreated: (n: number) => `${n} page actions created successfully.`,
  urlsCopied: "URLs copied",
  noVersions: "No versions found",
  copyFailed: "Copy failed",
} as const;

// ---------------------------------------------------------------------------------------------
// URL normalisation (spec part 2, section 5).
// ---------------------------------------------------------------------------------------------

/**
 * The address stored for a page, from what was typed and the site's address:
 * - 'http://...' or 'https://...' (any case) is kept as typed;
 * - a path starting with '/' ('/blog/post') loses its leading slashes and is joined to the site's
 *   address: 'https://example.com' + '/blog/post' gives 'https://example.com/blog/post';
 * - a value whose first segment looks like a host (it holds a dot, as in 'example.com/post', or a
 *   port, as in 'localhost:3000/x') gets 'https://' in front;
 * - anything else ('blog/post', 'about') cannot be a host: it is read as a path of the site, as
 *   if it started with '/'. This is our decision where the spec is silent: such a value would
 *   otherwise become 'https://blog/post', an address that points nowhere.
 * Surrounding spaces are removed. An empty value stays empty (the schema refuses it first).
 */
export function normalizePageUrl(input: string, siteUrl: string): string {
  const value = input.trim();
  if (!value) return "";
  if (/^https?:\/\//i.test(value)) return value;
  const firstSegment = value.replace(/^\/+/, "").split(/[/?#]/)[0] ?? "";
  const looksLikeHost = !value.startsWith("/") && (firstSegment.includes(".") || /:\d+$/.test(firstSegment));
  if (looksLikeHost) return `https://${value}`;
  return joinToSite(siteUrl, value.replace(/^\/+/, ""));
}

/**
 * A page's address segment made from a text (a trial article's topic, issue 38): lower case, accents dropped,
 * letters and digits of any script kept, the rest a single '-'; at most 80 characters; `fallback` when nothing is left.
 */
export function slugOfText(text: string, fallback: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || fallback;
}

function joinToSite(siteUrl: string, path: string): string {
  let base = siteUrl.trim().replace(/\/+$/, "");
  if (!/^https?:\/\//i.test(base)) base = `https://${base}`;
  return path ? `${base}/${path}` : base;
}

// ---------------------------------------------------------------------------------------------
// Status (spec part 2, section 4).
// ---------------------------------------------------------------------------------------------

/**
 * What the form's status field holds: undefined when absent or blank, the integer when it is one,
 * null when it is something else (then it cannot be found, and falls back like an unknown id).
 */
export function parseStatusChoice(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  if (text === "") return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The status id to store: the chosen id when a status row has it, else 1. A missing choice is 1 as
 * well (on create; an edit without a status keeps the page's status and does not call this).
 */
export function resolveStatusId(choice: number | null | undefined, knownIds: readonly number[]): number {
  if (typeof choice === "number" && knownIds.includes(choice)) return choice;
  return FALLBACK_STATUS_ID;
}

export type BadgeVariant = "default" | "outline" | "secondary";

/** Published solid, In Review outlined, Draft and others secondary; 'Not defined' without a name. */
export function statusBadge(name: string | null | undefined): { label: string; variant: BadgeVariant } {
  const label = name?.trim() ? name.trim() : "Not defined";
  const key = name?.trim().toLowerCase();
  if (key === "published") return { label, variant: "default" };
  if (key === "in review") return { label, variant: "outline" };
  return { label, variant: "secondary" };
}

// ---------------------------------------------------------------------------------------------
// Search, status filter and sort (spec part 2, sections 5 and 9).
// ---------------------------------------------------------------------------------------------

// The page list applies these rules in SQL, on the server (models/page.server.ts listPagesPaged, issue 13);
// they stay here as their statement, and as the reference its integration test compares it with.

/** The search matches the name or the URL, case-insensitive; a blank search matches everything. */
export function matchesSearch(page: { name: string; url: string }, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return page.name.toLocaleLowerCase().includes(needle) || page.url.toLocaleLowerCase().includes(needle);
}

/** 'all' matches everything; another value is compared with the status name, case-insensitive. */
export function matchesStatus(page: { statusName: string | null }, filter: string): boolean {
  if (filter === "all") return true;
  return (page.statusName ?? "").trim().toLowerCase() === filter.trim().toLowerCase();
}

export const isFiltered = (search: string, filter: string) => search.trim() !== "" || filter !== "all";

export type SortColumn = "name" | "url" | "dateModified";
export type Sort = { id: SortColumn; desc: boolean };
export const SORTABLE_COLUMNS: readonly SortColumn[] = ["name", "url", "dateModified"];
export const DEFAULT_SORT: Sort = { id: "dateModified", desc: true };

/** A newly clicked column sorts ascending first; clicking the sorted column again toggles it. */
export function nextSort(current: Sort | null | undefined, column: SortColumn): Sort {
  if (current?.id === column) return { id: column, desc: !current.desc };
  return { id: column, desc: false };
}

/** 'Page X of Y' counts at least one page, even when the list is empty. */
export function pageCountFor(rows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rows / pageSize));
}

/** Last modified, as shown in the table. */
export const formatModified = formatDateTime;

/** The clipboard text of 'Copy URLs': one line per page that has a version (its newest version's public view). */
export function copyUrlLines(items: readonly { name: string; publicId: string }[], publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, "");
  return items.map((item) => `- ${item.name} -- ${origin}${publicViewPath(item.publicId)}`).join("\n");
}
