/**
 * The one article sanitizer (lib/sanitize.server.ts): what must never survive, and what an article
 * keeps. The tests marked "GAP" describe what the sanitizer should do and does not yet (reported to
 * the owner of sanitize.server.ts); they fail until it is fixed.
 */
import { describe, expect, it } from "vitest";
import { articleText, sanitizeArticleHtml } from "./sanitize.server";

const clean = sanitizeArticleHtml;

/** Every attribute name that starts with "on" (an event handler), anywhere in the output. */
const handlerAttributes = (html: string) => [...html.matchAll(/<[^>]*\s(on[a-z]+)\s*=/gi)].map((m) => m[1]);

describe("removes what could run or take over the page", () => {
  it("removes scripts, with their content", () => {
    expect(clean("<p>a</p><script>window.__xss=1</script><p>b</p>")).toBe("<p>a</p><p>b</p>");
    expect(clean("<SCRIPT src=https://evil.example/x.js></SCRIPT>")).toBe("");
    expect(clean("<svg><script>alert(1)</script></svg>")).toBe("");
  });

  it("removes every on* event handler and keeps the element", () => {
    const payloads = [
      '<img src=x onerror="window.__xss=2">',
      '<p onclick="steal()">text</p>',
      '<a href="/x" onmouseover="steal()">x</a>',
      '<details open ontoggle="steal()"><summary>s</summary></details>',
      '<body onload="steal()"><p>b</p></body>',
      '<div OnFocus="steal()" tabindex="0">d</div>',
    ];
    for (const payload of payloads) {
      const out = clean(payload);
      expect(handlerAttributes(out), payload).toEqual([]);
      expect(out).not.toMatch(/steal|__xss/);
    }
    expect(clean('<img src=x onerror="window.__xss=2">')).toBe('<img src="x" />');
    expect(clean('<p onclick="steal()">text</p>')).toBe("<p>text</p>");
  });

  it("removes javascript: and data: links, however they are spelled", () => {
    const links = [
      '<a href="javascript:window.__xss=3">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href="javascript&colon;alert(1)">x</a>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
    ];
    for (const link of links) expect(clean(link), link).toBe("<a>x</a>");
    expect(clean('<blockquote cite="javascript:alert(1)">q</blockquote>')).toBe("<blockquote>q</blockquote>");
    expect(clean('<img srcset="javascript:alert(1) 1x">')).not.toContain("javascript");
    expect(clean('<td background="javascript:alert(1)">t</td>')).not.toContain("javascript");
  });

  it("removes a foreign iframe's address", () => {
    for (const src of [
      "https://evil.example/",
      "https://www.youtube.com.evil.example/embed/x",
      "//evil.example/x",
      "javascript:alert(1)",
    ]) {
      const out = clean(`<iframe src="${src}"></iframe>`);
      expect(out, src).not.toContain("evil");
      expect(out, src).not.toContain("javascript");
    }
    expect(clean('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).not.toMatch(/srcdoc|script/);
  });

  it("GAP: removes a foreign iframe entirely (today an empty 300×150 <iframe></iframe> shell stays)", () => {
    expect(clean('<p>a</p><iframe src="https://evil.example"></iframe><p>b</p>')).toBe("<p>a</p><p>b</p>");
    expect(clean('<iframe srcdoc="<b>x</b>"></iframe>')).toBe("");
  });

  it("GAP: keeps video embeds to https only (today http://www.youtube.com passes)", () => {
    expect(clean('<iframe src="http://www.youtube.com/embed/abc"></iframe>')).not.toContain("http://");
  });

  it("removes <style>, style attributes, <form> and its controls, <object>, <embed>, <svg>, <math>, <base>, <meta>, <link>", () => {
    expect(clean("<style>body{display:none}</style><p>a</p>")).toBe("<p>a</p>");
    expect(clean('<p style="position:fixed;inset:0">a</p>')).toBe("<p>a</p>");
    expect(
      clean('<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(1)">Send</button></form>'),
    ).toBe("Send");
    expect(clean('<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x">')).toBe("");
    expect(clean('<svg onload="window.__xss=4"><circle r="1"/></svg>')).toBe("");
    expect(clean('<math><mi xlink:href="javascript:alert(1)">x</mi></math>')).toBe("x");
    expect(
      clean(
        '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css">',
      ),
    ).toBe("");
    expect(clean("<template><script>alert(1)</script></template><!-- <script>alert(1)</script> -->")).not.toContain("script");
  });

  it("GAP: drops class names, which reuse the app's own utility classes to overlay the screen", () => {
    // 'fixed inset-0 z-50 bg-background' are real classes of the app's stylesheet (the dialog overlay):
    // an article could cover the whole screen with a fake sign-in form or fake buttons.
    expect(clean('<div class="fixed inset-0 z-50 bg-background">Session expired, sign in again</div>')).not.toContain("fixed");
  });

  it("lets no payload of the XSS end-to-end story through", () => {
    const out = clean(
      '<p>Intro</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:window.__xss=3">x</a><svg onload="window.__xss=4"></svg>',
    );
    expect(out).not.toMatch(/__xss|javascript:|<script|<svg/i);
    expect(handlerAttributes(out)).toEqual([]);
  });
});

describe("keeps what an article is made of", () => {
  it("keeps headings and paragraphs", () => {
    const html = "<h1>T</h1><h2>A</h2><h3>B</h3><h4>C</h4><h5>D</h5><h6>E</h6><p>Text<br />more</p><hr />";
    expect(clean(html)).toBe(html);
  });

  it("keeps lists", () => {
    const html = '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol><dl><dt>term</dt><dd>definition</dd></dl>';
    expect(clean(html)).toBe(html);
  });

  it("keeps tables", () => {
    const html =
      '<table><caption>Prices</caption><thead><tr><th scope="col">Item</th><th>Price</th></tr></thead><tbody><tr><td colspan="2">Bike</td></tr></tbody></table>';
    expect(clean(html)).toBe(html);
  });

  it("keeps images with their address and text", () => {
    expect(
      clean(
        '<figure><img src="https://cdn.example.com/a.png" alt="A bike" width="600" height="400" loading="lazy" /><figcaption>A bike</figcaption></figure>',
      ),
    ).toBe(
      '<figure><img src="https://cdn.example.com/a.png" alt="A bike" width="600" height="400" loading="lazy" /><figcaption>A bike</figcaption></figure>',
    );
    expect(clean('<img src="/api/files/page-images/1/a.png" alt="" />')).toBe('<img src="/api/files/page-images/1/a.png" alt="" />');
  });

  it("keeps links; external ones open in a new tab with rel noopener noreferrer nofollow", () => {
    expect(clean('<a href="https://example.org/guide">guide</a>')).toBe(
      '<a href="https://example.org/guide" target="_blank" rel="noopener noreferrer nofollow">guide</a>',
    );
    // A rel or target of the author is replaced.
    expect(clean('<a href="http://example.org" target="_top" rel="opener">x</a>')).toBe(
      '<a href="http://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(clean('<a href="/sites">in the app</a>')).toBe('<a href="/sites">in the app</a>');
    expect(clean('<a href="mailto:hello@example.org">mail</a>')).toBe('<a href="mailto:hello@example.org">mail</a>');
    expect(clean('<a href="#part-2">jump</a>')).toBe('<a href="#article-part-2">jump</a>');
  });

  it("keeps emphasis, quotes and code", () => {
    const html =
      "<p><strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s> <mark>m</mark> <sub>1</sub> <sup>2</sup> <q>q</q> <code>x = 1</code></p><blockquote><p>Quote</p></blockquote><pre><code>const a = 1;\n</code></pre>";
    expect(clean(html)).toBe(html);
  });

  it("keeps a YouTube embed (https)", () => {
    const html = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" title="Video" allowfullscreen></iframe>';
    expect(clean(html)).toBe(html);
    expect(clean('<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>')).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>',
    );
  });

  it("escapes text so that it stays text", () => {
    expect(clean("<p>1 &lt; 2 &amp; 3 &gt; 2</p>")).toBe("<p>1 &lt; 2 &amp; 3 &gt; 2</p>");
    expect(clean('<p title="&quot;><script>alert(1)</script>">t</p>')).not.toContain("<script");
  });

  it("answers an empty string for nothing", () => {
    expect(clean("")).toBe("");
    expect(clean(null)).toBe("");
    expect(clean(undefined)).toBe("");
  });
});

describe("articleText", () => {
  it("gives the text without tags, scripts or styles, whitespace collapsed", () => {
    expect(articleText("<h1>Title</h1>\n<p>Some   <strong>bold</strong> text.</p><script>var x = 1</script><style>p{}</style>")).toMatch(
      /^Title ?Some bold text\.$/,
    );
    expect(articleText(null)).toBe("");
  });
});

describe("ids", () => {
  it("are prefixed, with the in-article links that point to them, so an article never clashes with the app's ids", () => {
    expect(clean('<h2 id="main">Part</h2><a href="#main">to part</a>')).toBe(
      '<h2 id="article-main">Part</h2><a href="#article-main">to part</a>',
    );
  });
});
