import { describe, expect, it } from "vitest";
import { addHtmlSchema, deleteSchema, HTML_MAX_LENGTH, modifySchema, saveEditSchema, VERSION_TEXTS } from "./version-forms";
import { formOf as form, parseForTest as parse } from "~/lib/schemas/form-test-helpers";

describe("add-html", () => {
  it("takes HTML by default, or Markdown, trimmed", () => {
    expect(parse(addHtmlSchema, form({ content: "  <p>x</p>\n" }))).toEqual({
      ok: true,
      data: { content: "<p>x</p>", format: "html" },
    });
    expect(parse(addHtmlSchema, form({ content: "# T", format: "markdown" }))).toEqual({
      ok: true,
      data: { content: "# T", format: "markdown" },
    });
  });

  it("refuses empty content, content over the limit and an unknown format", () => {
    expect(parse(addHtmlSchema, form({ content: "   " }))).toEqual({ ok: false, errors: { content: "Paste some content first." } });
    expect(parse(addHtmlSchema, form({}))).toEqual({ ok: false, errors: { content: "Paste some content first." } });
    const long = parse(addHtmlSchema, form({ content: "x".repeat(HTML_MAX_LENGTH + 1) }));
    expect(long.ok ? null : long.errors.content).toMatch(/too long/);
    expect(parse(addHtmlSchema, form({ content: "x", format: "pdf" }))).toEqual({
      ok: false,
      errors: { format: "Choose HTML or Markdown." },
    });
  });
});

describe("save-edit and delete", () => {
  it("need the version id", () => {
    expect(parse(saveEditSchema, form({ versionId: "12", html: "<p>y</p>" }))).toEqual({
      ok: true,
      data: { versionId: 12, html: "<p>y</p>" },
    });
    expect(parse(saveEditSchema, form({ html: "<p>y</p>" }))).toEqual({ ok: false, errors: { versionId: "Version not found" } });
    // The meta description: folded to one line; "" for none; longer than 160 characters, refused with its reason.
    expect(parse(saveEditSchema, form({ versionId: "12", html: "<p>y</p>", metaDescription: " Une  ligne\nseule " }))).toEqual({
      ok: true,
      data: { versionId: 12, html: "<p>y</p>", metaDescription: "Une ligne seule" },
    });
    expect(parse(saveEditSchema, form({ versionId: "12", html: "<p>y</p>", metaDescription: "" }))).toMatchObject({
      ok: true,
      data: { metaDescription: "" },
    });
    expect(parse(saveEditSchema, form({ versionId: "12", html: "<p>y</p>", metaDescription: "x".repeat(161) }))).toEqual({
      ok: false,
      errors: { metaDescription: "The meta description must be at most 160 characters." },
    });
    expect(parse(deleteSchema, form({ versionId: "-3" }))).toEqual({ ok: false, errors: { versionId: "Version not found" } });
    expect(parse(deleteSchema, form({ versionId: "1.5" }))).toEqual({ ok: false, errors: { versionId: "Version not found" } });
  });
});

describe("modify", () => {
  it("needs a version: 'Please select a version to modify'", () => {
    expect(parse(modifySchema, form({ commentsToModify: "x" }))).toEqual({
      ok: false,
      errors: { versionId: "Please select a version to modify" },
    });
  });

  it("refuses a request that asks for nothing (no comments, no unhighlight): it could only fail, after a paid job", () => {
    for (const comments of [undefined, "", "   \n  "]) {
      const values: Record<string, string> = { versionId: "4", useWebSearch: "true", highlightModifications: "on" };
      if (comments !== undefined) values.commentsToModify = comments;
      expect(parse(modifySchema, form(values))).toEqual({ ok: false, errors: { commentsToModify: VERSION_TEXTS.nothingToModify } });
    }
    expect(VERSION_TEXTS.nothingToModify).toBe("Say what should change in this version, or turn on 'Unhighlight modifications'.");
  });

  it("reads switches, an optional example ('none' or empty is none) and comments, optional when only unhighlighting", () => {
    expect(parse(modifySchema, form({ versionId: "4", unhighlightModifications: "on" }))).toEqual({
      ok: true,
      data: {
        versionId: 4,
        commentsToModify: null,
        useWebSearch: false,
        highlightModifications: false,
        unhighlightModifications: true,
        createNewVersion: false,
        exampleVersionId: null,
      },
    });
    const full = parse(
      modifySchema,
      form({
        versionId: "4",
        commentsToModify: "  Plus court  ",
        useWebSearch: "true",
        highlightModifications: "on",
        unhighlightModifications: "false",
        createNewVersion: "true",
        exampleVersionId: "2",
      }),
    );
    expect(full).toEqual({
      ok: true,
      data: {
        versionId: 4,
        commentsToModify: "Plus court",
        useWebSearch: true,
        highlightModifications: true,
        unhighlightModifications: false,
        createNewVersion: true,
        exampleVersionId: 2,
      },
    });
    expect(parse(modifySchema, form({ versionId: "4", commentsToModify: "x", exampleVersionId: "none" })).ok).toBe(true);
    expect(parse(modifySchema, form({ versionId: "4", commentsToModify: "x", exampleVersionId: "abc" })).ok).toBe(false);
  });
});
