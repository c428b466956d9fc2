import { describe, expect, it } from "vitest";
import { articleChanges } from "./article-changes.server";

describe("articleChanges", () => {
  it("lists the changed paragraphs only, each with its words removed and added, and counts the others", () => {
    const before = "<h1>Le levain</h1><p>Le levain se nourrit chaque jour.</p><h2>Cuisson</h2><p>Cuire à 240 degrés.</p>";
    const after = "<h1>Le levain</h1><p>Le levain se nourrit deux fois par jour.</p><h2>Cuisson</h2><p>Cuire à 240 degrés.</p><p>Laisser reposer.</p>";
    const { paragraphs, unchanged } = articleChanges(before, after);
    expect(unchanged).toBe(3);
    expect(paragraphs).toHaveLength(2);
    const text = (kind: string) =>
      paragraphs[0]!
        .filter((p) => p.kind === kind)
        .map((p) => p.text.trim())
        .join(" ");
    expect(text("removed")).toBe("chaque");
    expect(text("added")).toBe("deux fois par");
    expect(paragraphs[1]).toEqual([{ text: "Laisser reposer.", kind: "added" }]);
  });

  it("says nothing changed for the same text, and never passes markup through", () => {
    expect(articleChanges("<p>Même.</p>", "<p>Même.</p>")).toEqual({ paragraphs: [], unchanged: 1 });
    const { paragraphs } = articleChanges("<p>Avant.</p>", '<p>Après <img src=x onerror="alert(1)"> <script>alert(2)</script></p>');
    expect(JSON.stringify(paragraphs)).not.toMatch(/onerror|<script/);
  });
});
