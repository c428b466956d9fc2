import { data, redirect } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NotFoundError } from "~/lib/not-found";
import { pageFormSchema } from "~/lib/schemas/page";
import { parseSubmission } from "~/lib/schemas/submission";
import { logger } from "./logger.server";
import { intentOf, invalidForm, reply, runIntent } from "./route-action.server";
import { formOf as form } from "~/lib/schemas/form-test-helpers";

const ctx = { request: new Request("http://localhost/sites/3/pages", { method: "POST" }), user: { id: "u1" } };
class RuleError extends Error {}

afterEach(() => vi.restoreAllMocks());

describe("intentOf", () => {
  const intents = { create: async () => 1, "copy-urls": async () => 2 };
  it("answers the form's intent when the table has it", () => {
    expect(intentOf(form({ intent: "copy-urls" }), intents)).toBe("copy-urls");
  });
  it("answers null for an unknown, missing or inherited intent", () => {
    expect(intentOf(form({ intent: "drop" }), intents)).toBeNull();
    expect(intentOf(form({}), intents)).toBeNull();
    expect(intentOf(form({ intent: "toString" }), intents)).toBeNull();
  });
});

describe("reply", () => {
  it("answers 200 when ok, 400 when not, or the status given", () => {
    expect(reply({ ok: true }).init?.status).toBe(200);
    expect(reply({ ok: false }).init?.status).toBe(400);
    expect(reply({ ok: false, error: "x" }, 404)).toMatchObject({ data: { ok: false, error: "x" }, init: { status: 404 } });
  });
});

describe("runIntent", () => {
  const failed = (error: unknown, intent: string) => ({ failedWith: error, intent });

  it("answers with the intent's function", async () => {
    const intents = { create: async ({ user }: typeof ctx) => `made by ${user.id}` };
    await expect(runIntent(intents, "create", ctx, { failed })).resolves.toBe("made by u1");
  });

  it("logs a missing or foreign record once as a refused access, then answers the intent's failure", async () => {
    const info = vi.spyOn(logger, "info");
    const error = vi.spyOn(logger, "error");
    const missing = new NotFoundError("page");
    const answer = await runIntent({ delete: async () => Promise.reject(missing) }, "delete", ctx, { failed });
    expect(answer).toEqual({ failedWith: missing, intent: "delete" });
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ userId: "u1", kind: "page", intent: "delete", path: "/sites/3/pages", method: "POST" }),
      "refused: a missing or foreign page",
    );
    expect(error).not.toHaveBeenCalled();
  });

  it("logs an unexpected error as a failure, and not an expected one", async () => {
    const error = vi.spyOn(logger, "error");
    const boom = new Error("boom");
    await runIntent({ create: async () => Promise.reject(boom) }, "create", ctx, { failed, expected: [RuleError] });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: boom, intent: "create" }), "action failed");
    error.mockClear();
    await runIntent({ create: async () => Promise.reject(new RuleError("two pages or more")) }, "create", ctx, {
      failed,
      expected: [RuleError],
    });
    expect(error).not.toHaveBeenCalled();
  });

  it("lets thrown answers (redirects, 404s) through to React Router", async () => {
    const toAuth = redirect("/auth");
    await expect(runIntent({ a: async () => Promise.reject(toAuth) }, "a", ctx, { failed })).rejects.toBe(toAuth);
    const notFound = data({ title: "Page not found" }, { status: 404 });
    await expect(runIntent({ a: async () => Promise.reject(notFound) }, "a", ctx, { failed })).rejects.toBe(notFound);
  });

  it("lets `failed` throw", async () => {
    const thrown = data({}, { status: 404 });
    const rethrow = () => {
      throw thrown;
    };
    await expect(runIntent({ a: async () => Promise.reject(new NotFoundError("page")) }, "a", ctx, { failed: rethrow })).rejects.toBe(
      thrown,
    );
  });
});

describe("invalidForm", () => {
  it("gives the first message, its toast, and conform's result for the fields", () => {
    const submission = parseSubmission(form({ intent: "create", name: " ", url: "" }), pageFormSchema);
    expect(submission.status).toBe("error");
    const parts = invalidForm(submission);
    expect(parts.error).toBe("Page name is required");
    expect(parts.toast).toEqual({ type: "error", title: "Error", description: "Page name is required" });
    expect(parts.result.error).toEqual({ name: ["Page name is required"], url: ["Page URL is required"] });
  });

  it("adds errors found after parsing, and never sends back hidden fields", () => {
    const submission = parseSubmission(form({ name: "A", url: "/a", secret: "x" }), pageFormSchema);
    const parts = invalidForm(submission, { fieldErrors: { url: ["Taken"] }, hideFields: ["secret"] });
    expect(parts.error).toBe("Taken");
    expect(parts.result.error).toEqual({ url: ["Taken"] });
    expect(parts.result.initialValue).toEqual({ name: "A", url: "/a" });
  });
});
