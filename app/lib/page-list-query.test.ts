import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAGE_LIST_QUERY,
  PAGE_LIST_PARAMS,
  pageListSearch,
  pageListSearchParams,
  parsePageListQuery,
  SEARCH_MAX_LENGTH,
  type PageListQuery,
} from "./page-list-query";

const parse = (search: string) => parsePageListQuery(new URLSearchParams(search));

describe("parsePageListQuery", () => {
  it("reads the default view from a bare address: no search, all statuses, newest change first, page 1 of 10 rows", () => {
    expect(parse("")).toEqual({ search: "", status: "all", sort: { id: "dateModified", desc: true }, page: 1, pageSize: 10 });
    expect(parse("")).toEqual(DEFAULT_PAGE_LIST_QUERY);
  });

  it("names its parameters q, status, sort, dir, page and size", () => {
    expect(PAGE_LIST_PARAMS).toEqual({ search: "q", status: "status", sort: "sort", dir: "dir", page: "page", size: "size" });
  });

  it("reads every parameter", () => {
    expect(parse("q=velo&status=draft&sort=name&dir=desc&page=3&size=20")).toEqual({
      search: "velo",
      status: "draft",
      sort: { id: "name", desc: true },
      page: 3,
      pageSize: 20,
    });
    expect(parse("status=in+review").status).toBe("in review");
    expect(parse("status=in%20review").status).toBe("in review");
    expect(parse("status=published").status).toBe("published");
    expect(parse("sort=url&dir=asc").sort).toEqual({ id: "url", desc: false });
    expect(parse("sort=dateModified&dir=asc").sort).toEqual({ id: "dateModified", desc: false });
    for (const size of [5, 10, 20, 50]) expect(parse(`size=${size}`).pageSize).toBe(size);
  });

  it("keeps the search as typed (the model trims it), cut to its maximum length", () => {
    expect(parse("q=%20Tomates%20cerises%20").search).toBe(" Tomates cerises ");
    expect(parse(`q=${"a".repeat(SEARCH_MAX_LENGTH + 50)}`).search).toHaveLength(SEARCH_MAX_LENGTH);
    expect(parse("q=100%25+bio").search).toBe("100% bio");
  });

  it("sorts a column given without a direction ascending, as a newly clicked column; the default column keeps its direction", () => {
    expect(parse("sort=name").sort).toEqual({ id: "name", desc: false });
    expect(parse("sort=dateModified").sort).toEqual({ id: "dateModified", desc: true });
    expect(parse("dir=asc").sort).toEqual({ id: "dateModified", desc: false });
  });

  it("falls back to each default on its own for a missing or invalid value, never an error", () => {
    expect(parse("status=archived").status).toBe("all");
    expect(parse("status=Draft").status).toBe("all");
    expect(parse("sort=status").sort).toEqual({ id: "dateModified", desc: true });
    expect(parse("sort=name&dir=sideways").sort).toEqual({ id: "name", desc: false });
    for (const page of ["0", "-1", "abc", "2.5", "1e3", "", "99999999", " 2"]) expect(parse(`page=${page}`).page, page).toBe(1);
    for (const size of ["0", "7", "100", "ten", ""]) expect(parse(`size=${size}`).pageSize, size).toBe(10);
    // The bad values leave the good ones alone.
    expect(parse("q=ail&status=nope&sort=url&dir=desc&page=x&size=20")).toEqual({
      search: "ail",
      status: "all",
      sort: { id: "url", desc: true },
      page: 1,
      pageSize: 20,
    });
  });

  it("reads the first of a repeated parameter", () => {
    expect(parse("page=2&page=5").page).toBe(2);
  });
});

describe("pageListSearchParams", () => {
  it("leaves the defaults out: the default view is the bare address", () => {
    expect(pageListSearch(DEFAULT_PAGE_LIST_QUERY)).toBe("");
    expect(pageListSearch({ ...DEFAULT_PAGE_LIST_QUERY, search: "   " })).toBe("");
  });

  it("writes both the column and the direction of another sort", () => {
    expect(pageListSearch({ ...DEFAULT_PAGE_LIST_QUERY, sort: { id: "dateModified", desc: false } })).toBe("?sort=dateModified&dir=asc");
    expect(pageListSearch({ ...DEFAULT_PAGE_LIST_QUERY, sort: { id: "name", desc: false } })).toBe("?sort=name&dir=asc");
  });

  it("reads back what it wrote", () => {
    const views: PageListQuery[] = [
      { search: "Vélo électrique & co", status: "in review", sort: { id: "url", desc: true }, page: 4, pageSize: 50 },
      { search: "", status: "draft", sort: { id: "name", desc: false }, page: 1, pageSize: 5 },
      { ...DEFAULT_PAGE_LIST_QUERY, page: 2 },
    ];
    for (const view of views) expect(parsePageListQuery(pageListSearchParams(view))).toEqual(view);
    expect(pageListSearchParams(views[0]).toString()).toBe(
      "q=V%C3%A9lo+%C3%A9lectrique+%26+co&status=in+review&sort=url&dir=desc&page=4&size=50",
    );
  });
});
