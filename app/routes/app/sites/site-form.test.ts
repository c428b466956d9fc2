import { describe, expect, it } from "vitest";
import { checkLogoFile, LOGO_MESSAGES } from "~/lib/logo";
import { parseSubmission } from "~/lib/schemas/submission";
import { siteDialogSchema } from "./site-form";

const png = (size = 10, type = "image/png") => new File([new Uint8Array(size)], "logo.png", { type });
const form = (values: Record<string, string | File>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  return body;
};

describe("siteDialogSchema", () => {
  it("requires a logo to create a site, not to update one; an empty file input is no logo", () => {
    const empty = new File([], "", { type: "application/octet-stream" });
    const create = parseSubmission(form({ url: "example.com", logo: empty }), siteDialogSchema("create"));
    expect(create.status === "error" && create.error).toEqual({ logo: [LOGO_MESSAGES.required] });
    const update = parseSubmission(form({ url: "example.com", logo: empty }), siteDialogSchema("update"));
    expect(update.status === "success" && update.value.logo).toBeUndefined();
  });

  it("reads absent fields like empty ones (a plain POST with the URL only)", () => {
    const submission = parseSubmission(form({ url: "https://www.example.com", logo: png() }), siteDialogSchema("create"));
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      name: "example.com",
      country: null,
      language: null,
      serpsNbResults: 10,
      defaultStatus: "draft",
    });
    expect(submission.value.logo).toBeInstanceOf(File);
  });

  it("checks the chosen file with `checkFile` (the browser), and puts the logo's error after the others", () => {
    const schema = siteDialogSchema("create", checkLogoFile);
    const text = parseSubmission(form({ url: "", logo: png(10, "text/plain") }), schema);
    expect(text.status === "error" && Object.entries(text.error ?? {})).toEqual([
      ["url", ["The site URL is required"]],
      ["logo", [LOGO_MESSAGES.format]],
    ]);
    // The server leaves the type and the size to the upload, which reads the bytes.
    expect(parseSubmission(form({ url: "example.com", logo: png(10, "text/plain") }), siteDialogSchema("create")).status).toBe("success");
  });
});
