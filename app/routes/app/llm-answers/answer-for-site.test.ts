// @vitest-environment jsdom
/** AnswerForSite: the mention badge (nothing when unknown), the cited URLs with the site's own marked, five then "+N more". */
import { act, createElement } from "react";
import { describe, expect, it } from "vitest";
import { reactTestRoot } from "~/lib/react-test-root";
import { AnswerForSite, citedLinks } from "./answer-for-site";

const SITE = "https://www.dupont.example";

const root = reactTestRoot();

const render = (mentionsSite: boolean | null, citedUrls: string[] | null) =>
  root.render(createElement(AnswerForSite, { mentionsSite, citedUrls, siteUrl: SITE }));
const links = () => [...root.container.querySelectorAll("a")];
const toggle = () => root.container.querySelector("button");

describe("citedLinks", () => {
  it("marks the site's host and its subdomains, not a longer domain", () => {
    const urls = ["https://dupont.example/a", "http://blog.dupont.example/b", "https://dupont.example.org/c", "https://other.example/d"];
    expect(citedLinks(urls, SITE).map((l) => [l.label, l.ownSite])).toEqual([
      ["dupont.example/a", true],
      ["blog.dupont.example/b", true],
      ["dupont.example.org/c", false],
      ["other.example/d", false],
    ]);
  });

  it("links only http(s) URLs", () => {
    expect(citedLinks(["javascript:alert(1)", "https://a.example"], SITE).map((l) => l.linkable)).toEqual([false, true]);
  });
});

describe("AnswerForSite", () => {
  it("shows nothing when neither fact is known", () => {
    render(null, null);
    expect(root.container.innerHTML).toBe("");
  });

  it("says whether the answer mentions the site", () => {
    render(true, null);
    expect(root.container.textContent).toBe("Mentions the site");
    render(false, null);
    expect(root.container.textContent).toBe("Does not mention the site");
  });

  it("says when an answer cites no URL", () => {
    render(null, []);
    expect(root.container.textContent).toBe("Cites no URLs");
  });

  it("links each cited URL in a new tab, the site's own with 'Your site' in its name", () => {
    render(true, ["https://dupont.example/guide", "https://other.example/page"]);
    const list = root.container.querySelector("ul");
    expect(document.getElementById(list?.getAttribute("aria-labelledby") ?? "")?.textContent).toBe("Cites:");
    const [own, other] = links();
    expect(own.getAttribute("href")).toBe("https://dupont.example/guide");
    expect(own.getAttribute("target")).toBe("_blank");
    expect(own.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(own.textContent).toBe("dupont.example/guide Your site (opens in a new tab)");
    expect(other.textContent).toBe("other.example/page (opens in a new tab)");
    expect(toggle()).toBeNull();
  });

  it("shows five URLs, then '+N more' (saying how many hidden ones are the site's), which expands and collapses", () => {
    const urls = Array.from({ length: 7 }, (_, i) => `https://other${i + 1}.example/`);
    urls.push("https://shop.dupont.example/p");
    render(null, urls);
    expect(links()).toHaveLength(5);
    expect(toggle()?.textContent).toBe("+3 more (1 from your site)");
    expect(toggle()?.getAttribute("aria-expanded")).toBe("false");
    expect(toggle()?.getAttribute("aria-controls")).toBe(root.container.querySelector("ul")?.id);

    act(() => toggle()?.click());
    expect(links().map((a) => a.getAttribute("href"))).toEqual(urls);
    expect(toggle()?.textContent).toBe("Show fewer");
    expect(toggle()?.getAttribute("aria-expanded")).toBe("true");

    act(() => toggle()?.click());
    expect(links()).toHaveLength(5);
  });
});
