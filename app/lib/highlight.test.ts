import { describe, expect, it } from "vitest";
import { markChanges, removeMarks } from "./highlight";

const before = [
  "<h1>Guide</h1>",
  "<p>First paragraph stays.</p>",
  "<p>Second <mark>was marked</mark> before.</p>",
  "<ul><li>One</li><li>Two</li></ul>",
].join("");

describe("markChanges", () => {
  it("wraps new and rewritten passages in <mark> and leaves the others alone", () => {
    const after =
      '<h1>Guide</h1><p>First paragraph stays.</p><p>Second was marked before.</p><ul><li>One</li><li>Two, rewritten</li></ul><p>A new paragraph with <a href="https://example.com">a link</a>.</p>';
    const html = markChanges(before, after, { highlight: true, unhighlight: true });
    expect(html).toContain("<li><mark>Two, rewritten</mark></li>");
    expect(html).toContain('<p><mark>A new paragraph with <a href="https://example.com">a link</a>.</mark></p>');
    expect(html).toContain("<p>First paragraph stays.</p>");
    expect(html).toContain("<p>Second was marked before.</p>");
    expect(html.match(/<mark>/g)).toHaveLength(2);
  });

  it("keeps earlier marks on unchanged passages unless unhighlight is on", () => {
    const after = "<h1>Guide</h1><p>First paragraph stays.</p><p>Second was marked before.</p>";
    expect(markChanges(before, after, { highlight: false, unhighlight: false })).toContain("<p>Second <mark>was marked</mark> before.</p>");
    expect(markChanges(before, after, { highlight: false, unhighlight: true })).not.toContain("<mark>");
  });

  it("never trusts marks the model added, and marks nothing when highlight is off", () => {
    const after = "<h1>Guide</h1><p><mark>First paragraph stays.</mark></p><p>Brand new.</p>";
    const html = markChanges(before, after, { highlight: false, unhighlight: true });
    expect(html).toBe("<h1>Guide</h1><p>First paragraph stays.</p><p>Brand new.</p>");
  });

  it("prefers the new markup when only the markup of a marked passage changed", () => {
    const after = '<p>Second was <a href="/x">marked</a> before.</p>';
    expect(markChanges(before, after, { highlight: true, unhighlight: false })).toBe(after);
  });

  it("treats nested lists passage by passage", () => {
    const after = "<ul><li>One</li><li>Two<ul><li>Nested new</li></ul></li></ul>";
    const html = markChanges(before, after, { highlight: true, unhighlight: false });
    expect(html).toContain("<li><mark>Nested new</mark></li>");
    expect(html).toContain("<li>One</li>");
  });
});

describe("removeMarks", () => {
  it("removes the tags and keeps the text", () => {
    expect(removeMarks('<p>a <mark class="x">b</mark> c</p>')).toBe("<p>a b c</p>");
  });
});
