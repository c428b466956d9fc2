import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { choiceParam, choiceParamOr, listHref, pageParam, parseListQuery, textParam } from "./list-query";

const query = z.object({
  view: choiceParamOr({ open: "À traiter", all: "Tous" }, "open"),
  kind: choiceParam({ a: "A", b: "B" }),
  q: textParam,
  page: pageParam,
});

describe("a list's view in its URL", () => {
  it("keeps what it can read and drops the rest", () => {
    expect(parseListQuery(query, new URLSearchParams({ view: "all", kind: "b", q: "  x ", page: "3" }))).toEqual({
      view: "all",
      kind: "b",
      q: "x",
      page: 3,
    });
    expect(parseListQuery(query, new URLSearchParams({ view: "nope", kind: "z", q: "", page: "-2" }))).toEqual({ view: "open", page: 1 });
  });

  it("writes it back without the empty parameters nor page 1", () => {
    expect(listHref("/team/x", { q: "a b", kind: undefined, owner: "", page: 1 })).toBe("/team/x?q=a+b");
    expect(listHref("/team/x", { page: 2 })).toBe("/team/x?page=2");
    expect(listHref("/team/x", {})).toBe("/team/x");
  });
});
