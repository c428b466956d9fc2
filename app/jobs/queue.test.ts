import { describe, expect, it } from "vitest";
import { ACTION_NAMES as CATALOGUE } from "../../db/seed";
import { ACTION_NAMES, backoffSeconds, readPayload } from "./queue.server";

describe("backoffSeconds", () => {
  it("stays between 1 s and the doubling ceiling", () => {
    expect(backoffSeconds(1, () => 0)).toBe(1);
    expect(backoffSeconds(3, () => 1)).toBe(8);
    expect(backoffSeconds(20, () => 1)).toBe(300);
  });
});

const row = (fields: Partial<{ page: number | null; version: number | null; info: unknown; info2: string | null }>) => ({
  page: null,
  version: null,
  info: null,
  info2: null,
  ...fields,
});

describe("readPayload: every task checks what its request holds", () => {
  it("has one task for every action of the catalogue the seed writes, and no other", () => {
    expect([...ACTION_NAMES].sort()).toEqual([...CATALOGUE].sort());
    // The order in which a worker reports them (and the tests read its plan).
    expect(ACTION_NAMES).toEqual([
      "contact_form",
      "send_email",
      "serps",
      "llm_answers",
      "create_outline",
      "create_article",
      "modify_articles_with_instructions",
      "create_cover_image",
      "publish_article",
      "notification_email",
      "notification_digest",
      "check_sources",
    ]);
  });

  it("reads a good request into the task's payload", () => {
    expect(readPayload("serps", row({ page: 3, info2: "12" }))).toEqual({ ok: true, payload: { pageId: 3, keywordId: 12, period: null } });
    expect(readPayload("create_article", row({ page: 3 }))).toEqual({ ok: true, payload: { pageId: 3, outlineId: null } });
    expect(readPayload("create_article", row({ page: 3, info: { outline: 5 } }))).toEqual({
      ok: true,
      payload: { pageId: 3, outlineId: 5 },
    });
    expect(readPayload("serps", row({ page: 3, info2: "12", info: { period: 4 } }))).toEqual({
      ok: true,
      payload: { pageId: 3, keywordId: 12, period: 4 },
    });
    expect(readPayload("llm_answers", row({ page: 3 }))).toEqual({ ok: true, payload: { pageId: 3, period: null } });
    expect(readPayload("create_outline", row({ page: 3, info: { instructions: " Shorter. " } }))).toEqual({
      ok: true,
      payload: { pageId: 3, instructions: "Shorter." },
    });
    expect(readPayload("modify_articles_with_instructions", row({ version: 9, info: { createNewVersion: true } }))).toEqual({
      ok: true,
      payload: { versionId: 9, createNewVersion: true, request: null },
    });
    expect(readPayload("create_cover_image", row({ page: 3, info: { number_of_images: 2, comments: "blue" } }))).toMatchObject({
      ok: true,
      payload: { pageId: 3, request: { number_of_images: 2, comments: "blue" } },
    });
  });

  it("names the field of a bad request", () => {
    expect(readPayload("serps", row({ page: 3, info2: "twelve" }))).toEqual({ ok: false, problem: "info2: expected a keyword id" });
    expect(readPayload("serps", row({ info2: "12" }))).toEqual({ ok: false, problem: "page: expected the page of the search" });
    expect(readPayload("create_article", row({}))).toEqual({ ok: false, problem: "page: expected the page to write" });
    expect(readPayload("create_article", row({ page: 3, info: { outline: "five" } }))).toEqual({
      ok: false,
      problem: "info.outline: expected the approved outline",
    });
    expect(readPayload("modify_articles_with_instructions", row({ version: 9, info: { createNewVersion: "yes" } }))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^info\.createNewVersion: /),
    });
    expect(readPayload("create_cover_image", row({ page: 3, info: { number_of_images: "many" } }))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^info\.number_of_images: /),
    });
    expect(readPayload("send_email", row({ info2: "{not json" }))).toEqual({ ok: false, problem: "info2: expected JSON text" });
  });

  it("gives the whole-request rules their own message", () => {
    expect(readPayload("contact_form", row({ info2: JSON.stringify({ name: "Ana", message: "hi" }) }))).toEqual({
      ok: false,
      problem: "All fields (email, name, message) are required",
    });
    expect(readPayload("send_email", row({ info2: JSON.stringify({ subject: "No recipient" }) }))).toEqual({
      ok: false,
      problem: "The queued e-mail is incomplete",
    });
    expect(readPayload("send_email", row({ info2: JSON.stringify({ to: "a@b.c", subject: "Sent", sent: true }) }))).toEqual({
      ok: true,
      payload: { sent: true },
    });
  });
});
