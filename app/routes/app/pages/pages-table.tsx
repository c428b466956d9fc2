import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type Row,
  type RowSelectionState,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Pencil, Trash2 } from "lucide-react";
import { useId, useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { formatModified, PAGE_MESSAGES, PAGE_SIZE_OPTIONS, type Sort, type SortColumn } from "~/lib/page-rules";
import { cn } from "~/lib/utils";
import { StatusBadge } from "./status-badge";

/** A row of the page list, as the route's loader sends it (one page of the list). */
export type PageItem = {
  id: number;
  name: string;
  url: string;
  status: number;
  statusName: string | null;
  dateModified: Date | string;
  hideCoverImageFromPreview: boolean;
  hideRevisionsTextsFromPreview: boolean;
  serpResultsCount: number;
  llmAnswersCount: number;
  latestVersionId: number | null;
};

/** The selected pages, for the bar of batch actions over the table. */
export type PageSelection = {
  /** Those shown, in the order of the table, then the others (in the order of their ids). */
  ids: number[];
  /** How many of them this page of the list does not show. */
  hiddenCount: number;
  /** Why they are out of sight: the search or the filter, other pages, or either. */
  hiddenBy: "filter" | "paging" | "either";
  clear: () => void;
};

type Handlers = {
  siteId: number;
  onSort: (column: SortColumn) => void;
  onEdit: (page: PageItem) => void;
  onDelete: (page: PageItem) => void;
};

function columns({ siteId, onSort, onEdit, onDelete }: Handlers): ColumnDef<PageItem>[] {
  const sortHeader = (id: SortColumn, label: string) =>
    function SortHeader({ column }: { column: { getIsSorted: () => false | "asc" | "desc" } }) {
      const sorted = column.getIsSorted();
      const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
      return (
        <button
          type="button"
          onClick={() => onSort(id)}
          className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-medium hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {label}
          <Icon aria-hidden="true" className={cn("size-3.5", sorted ? "text-foreground" : "text-muted-foreground/70")} />
        </button>
      );
    };

  return [
    {
      id: "select",
      enableSorting: false,
      header: ({ table }) => (
        <Checkbox
          aria-label="Select all pages shown"
          checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? "indeterminate" : false}
          onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
          disabled={table.getRowModel().rows.length === 0}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={`Select ${row.original.name}`}
          checked={row.getIsSelected()}
          onCheckedChange={(value) => row.toggleSelected(value === true)}
        />
      ),
    },
    {
      id: "name",
      accessorKey: "name",
      header: sortHeader("name", "Page name"),
      cell: ({ row }) => (
        <Link
          to={`/sites/${siteId}/pages/${row.original.id}`}
          className="line-clamp-2 font-medium break-words hover:underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {row.original.name}
        </Link>
      ),
    },
    {
      id: "url",
      accessorKey: "url",
      header: sortHeader("url", "URL"),
      cell: ({ row }) => (
        <span className="block truncate text-muted-foreground" title={row.original.url}>
          {row.original.url}
        </span>
      ),
    },
    {
      id: "status",
      accessorKey: "statusName",
      enableSorting: false,
      header: "Status",
      cell: ({ row }) => <StatusBadge name={row.original.statusName} />,
    },
    {
      id: "dateModified",
      accessorKey: "dateModified",
      header: sortHeader("dateModified", "Last modified"),
      cell: ({ row }) => {
        const value = row.original.dateModified;
        const iso = value instanceof Date ? value.toISOString() : String(value);
        return (
          <time dateTime={iso} className="whitespace-nowrap tabular-nums">
            {formatModified(value)}
          </time>
        );
      },
    },
    {
      id: "serpResultsCount",
      accessorKey: "serpResultsCount",
      enableSorting: false,
      header: "Nb SERP results",
      cell: ({ row }) => <span className="tabular-nums">{row.original.serpResultsCount}</span>,
    },
    {
      id: "llmAnswersCount",
      accessorKey: "llmAnswersCount",
      enableSorting: false,
      header: "Nb LLM answers",
      cell: ({ row }) => <span className="tabular-nums">{row.original.llmAnswersCount}</span>,
    },
    {
      id: "actions",
      enableSorting: false,
      header: "Actions",
      cell: ({ row }) => (
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Edit ${row.original.name}`}
            title="Edit"
            onClick={() => onEdit(row.original)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-label={`Delete ${row.original.name}`}
            title="Delete"
            onClick={() => onDelete(row.original)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ),
    },
  ];
}

const NUMERIC_COLUMNS = new Set(["serpResultsCount", "llmAnswersCount"]);

/** Fixed widths; the name and the URL share the rest. */
const COLUMN_WIDTHS: Record<string, string> = {
  select: "w-10",
  status: "w-28",
  dateModified: "w-36",
  serpResultsCount: "w-20",
  llmAnswersCount: "w-20",
  actions: "w-24",
};

/** Clicks on these never open the page: the checkbox, the buttons and links of the row. */
const INTERACTIVE = "a, button, input, label, [role='checkbox'], [role='menuitem']";

/**
 * One page of the page list (TanStack Table, in manual mode): the server searched, filtered, sorted and paged
 * it (models/page.server.ts listPagesPaged); the route keeps the view in the URL and the selection as ids.
 * Selected ids that this page does not show stay selected and are counted by the batch bar, which
 * `batchActions` draws over the table while pages are selected. `busy` dims the rows while the next view
 * loads, and `loading` says so ('Loading pages...').
 */
export function PagesTable({
  siteId,
  pages,
  filtered,
  sort,
  onSort,
  page,
  pageCount,
  pageSizeChosen,
  onPageStep,
  onPageSizeChange,
  rowSelection,
  onRowSelectionChange,
  onEdit,
  onDelete,
  batchActions,
  busy,
  loading,
}: Handlers & {
  batchActions: (selection: PageSelection) => React.ReactNode;
  pages: PageItem[];
  filtered: boolean;
  sort: Sort;
  /** The page shown, from 1. */
  page: number;
  pageCount: number;
  /** The page size chosen (shown at once, before its rows arrive). */
  pageSizeChosen: number;
  onPageStep: (step: 1 | -1) => void;
  onPageSizeChange: (size: number) => void;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
  busy: boolean;
  loading: boolean;
}) {
  const navigate = useNavigate();
  const pageSizeLabel = useId();
  // The handlers are stable (useCallback in the route): the columns are built once per site.
  const columnDefs = useMemo(() => columns({ siteId, onSort, onEdit, onDelete }), [siteId, onSort, onEdit, onDelete]);

  const table = useReactTable({
    data: pages,
    columns: columnDefs,
    state: { sorting: [sort], rowSelection },
    getRowId: (row) => String(row.id),
    onRowSelectionChange,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });

  const rows = table.getRowModel().rows;
  // Selected pages in the table's order (the first one is the batch's first request), then the
  // selected pages this page of the list does not show.
  const shownIds = new Set(pages.map((row) => row.id));
  const hiddenIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number)
    .filter((id) => !shownIds.has(id));
  const selectedIds = [...rows.filter((row) => row.getIsSelected()).map((row) => row.original.id), ...hiddenIds];
  // Without a search or filter, the others are on other pages; with one and a single page, the search or
  // filter hides them; with one and several pages, either.
  const hiddenBy: PageSelection["hiddenBy"] = !filtered ? "paging" : pageCount <= 1 ? "filter" : "either";

  function openRow(event: React.MouseEvent<HTMLTableRowElement>, row: Row<PageItem>) {
    const target = event.target as HTMLElement;
    if (target.closest(INTERACTIVE)) return;
    // Selecting text in a row is not a click on it.
    if (window.getSelection()?.toString()) return;
    navigate(`/sites/${siteId}/pages/${row.original.id}`);
  }

  return (
    <div className="grid gap-3">
      {selectedIds.length > 0
        ? batchActions({ ids: selectedIds, hiddenCount: hiddenIds.length, hiddenBy, clear: () => onRowSelectionChange({}) })
        : null}
      {loading ? <Spinner label={PAGE_MESSAGES.loading} className="text-muted-foreground" /> : null}
      <div className={cn("overflow-hidden rounded-xl border bg-card shadow-sm transition-opacity", busy && "opacity-60")}>
        <div className="overflow-x-auto" role="region" aria-label="Pages table" aria-busy={busy || undefined} tabIndex={0}>
          <table className="w-full min-w-[860px] table-fixed text-sm">
            <thead className="bg-muted/50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id} className="border-b">
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          header.column.getCanSort()
                            ? sorted === "asc"
                              ? "ascending"
                              : sorted === "desc"
                                ? "descending"
                                : "none"
                            : undefined
                        }
                        className={cn(
                          "h-11 px-3 text-left align-middle text-xs leading-tight font-medium text-muted-foreground",
                          COLUMN_WIDTHS[header.id],
                          header.id === "select" && "pr-0",
                          NUMERIC_COLUMNS.has(header.id) ? "text-right" : "whitespace-nowrap",
                        )}
                      >
                        {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.id}
                  data-state={row.getIsSelected() ? "selected" : undefined}
                  onClick={(event) => openRow(event, row)}
                  className="cursor-pointer border-b transition-colors last:border-b-0 hover:bg-muted/50 data-[state=selected]:bg-primary/5"
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cn(
                        "px-3 py-2.5 align-middle",
                        cell.column.id === "select" && "pr-0",
                        NUMERIC_COLUMNS.has(cell.column.id) && "text-right",
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {rows.length === 0 ? (
          // Outside the scrolling table, so that a phone shows it whole.
          <p className="border-t px-4 py-12 text-center text-sm text-muted-foreground">
            {filtered ? PAGE_MESSAGES.noMatch : PAGE_MESSAGES.noPages}
          </p>
        ) : null}
      </div>

      <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <div className="flex items-center gap-2">
          <span id={pageSizeLabel} className="text-muted-foreground">
            Rows per page
          </span>
          <Select value={String(pageSizeChosen)} onValueChange={(value) => onPageSizeChange(Number(value))}>
            <SelectTrigger size="sm" className="w-20" aria-labelledby={pageSizeLabel}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAGE_SIZE_OPTIONS.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex items-center gap-3">
          <span className="tabular-nums" aria-live="polite">
            Page {Math.min(page, pageCount)} of {pageCount}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => onPageStep(-1)} disabled={page <= 1}>
              <ChevronLeft aria-hidden="true" /> Previous
            </Button>
            <Button variant="outline" size="sm" onClick={() => onPageStep(1)} disabled={page >= pageCount}>
              Next <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      </nav>
    </div>
  );
}
