import { describe, expect, it } from "vitest";
import { ARTICLE_META_DESCRIPTION_MAX } from "~/lib/constants";
import { takeMetaDescription } from "~/lib/meta-description.server";
import { ARTICLE_SYSTEM } from "./create_article.server";
import { MODIFY_SYSTEM } from "./modify_articles_with_instructions.server";

describe("the article's meta description", () => {
  it("is asked of the writer and the reviser with the limit the version keeps", () => {
    for (const prompt of [ARTICLE_SYSTEM, MODIFY_SYSTEM]) expect(prompt).toContain(`(at most ${ARTICLE_META_DESCRIPTION_MAX} characters`);
    const long = `<meta name="description" content="${"Le pain au levain se garde longtemps. ".repeat(8)}">\n<h1>Le pain</h1>`;
    const { description } = takeMetaDescription(long);
    expect(description!.length).toBeLessThanOrEqual(ARTICLE_META_DESCRIPTION_MAX);
    expect(description!.length).toBeGreaterThan(ARTICLE_META_DESCRIPTION_MAX - 40);
  });
});
