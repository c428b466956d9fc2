import { describe, expect, it } from "vitest";
import {
  activeAfterDelete,
  activeVersion,
  revisionRoundLabel,
  canCompare,
  canEdit,
  canToggleView,
  defaultCompareId,
  NO_DATE_LABEL,
  sideBySideDiff,
  versionLabel,
  versionLabels,
} from "./version-rules";

// Newest first, as the screen lists them.
const versions = [{ id: 30 }, { id: 20 }, { id: 10 }];

describe("versionLabel", () => {
  it("reads 'Version du {date} ({time})' in French, in Paris time", () => {
    expect(versionLabel("2026-11-21T13:05:00Z")).toBe("Version du 21/11/2026 (14:05)");
    // Summer time (UTC+2), and a Date as well as a string.
    expect(versionLabel(new Date("2026-07-03T06:09:00Z"))).toBe("Version du 03/07/2026 (08:09)");
    // Just after midnight in Paris is the next day there.
    expect(versionLabel("2026-12-31T23:30:00Z")).toBe("Version du 01/01/2027 (00:30)");
  });

  it("says 'No date available' when the date is missing or unreadable", () => {
    expect(NO_DATE_LABEL).toBe("No date available");
    expect(versionLabel(null)).toBe("No date available");
    expect(versionLabel(undefined)).toBe("No date available");
    expect(versionLabel("")).toBe("No date available");
    expect(versionLabel("not a date")).toBe("No date available");
  });
});

describe("versionLabels", () => {
  it("keeps 'Version du {date} ({time})' to the minute when no two versions share it", () => {
    const labels = versionLabels([
      { id: 2, createdDate: "2026-11-21T13:06:10Z" },
      { id: 1, createdDate: "2026-11-21T13:05:59Z" },
    ]);
    expect(labels.get(2)).toBe("Version du 21/11/2026 (14:06)");
    expect(labels.get(1)).toBe("Version du 21/11/2026 (14:05)");
  });

  it("adds the seconds to the versions saved in the same minute, and only to them", () => {
    const labels = versionLabels([
      { id: 3, createdDate: "2026-11-21T13:05:42Z" },
      { id: 2, createdDate: new Date("2026-11-21T13:05:07Z") },
      { id: 1, createdDate: "2026-11-21T12:59:59Z" },
    ]);
    expect(labels.get(3)).toBe("Version du 21/11/2026 (14:05:42)");
    expect(labels.get(2)).toBe("Version du 21/11/2026 (14:05:07)");
    expect(labels.get(1)).toBe("Version du 21/11/2026 (13:59)");
  });

  it("numbers the versions saved in the same second, oldest first", () => {
    const labels = versionLabels([
      { id: 12, createdDate: "2026-11-21T13:05:07.900Z" },
      { id: 11, createdDate: "2026-11-21T13:05:07.100Z" },
      { id: 10, createdDate: "2026-11-21T13:05:07.100Z" },
      { id: 9, createdDate: "2026-11-21T13:05:30Z" },
    ]);
    expect(labels.get(10)).toBe("Version du 21/11/2026 (14:05:07) #1");
    expect(labels.get(11)).toBe("Version du 21/11/2026 (14:05:07) #2");
    expect(labels.get(12)).toBe("Version du 21/11/2026 (14:05:07) #3");
    expect(labels.get(9)).toBe("Version du 21/11/2026 (14:05:30)");
  });

  it("gives every version a label of its own, dates missing included", () => {
    const labels = versionLabels([
      { id: 4, createdDate: null },
      { id: 3, createdDate: "not a date" },
      { id: 2, createdDate: "2026-11-21T13:05:00Z" },
    ]);
    expect(labels.get(2)).toBe("Version du 21/11/2026 (14:05)");
    expect(labels.get(3)).toBe("No date available #1");
    expect(labels.get(4)).toBe("No date available #2");
    expect(versionLabels([{ id: 1, createdDate: null }]).get(1)).toBe("No date available");
    expect(versionLabels([]).size).toBe(0);
  });
});

describe("activeVersion", () => {
  it("is the newest on load, and the chosen one while it exists", () => {
    expect(activeVersion(versions, null)).toEqual({ id: 30 });
    expect(activeVersion(versions, 20)).toEqual({ id: 20 });
    expect(activeVersion(versions, 999)).toEqual({ id: 30 });
    expect(activeVersion([], null)).toBeNull();
    expect(activeVersion([], 20)).toBeNull();
  });
});

describe("activeAfterDelete", () => {
  it("activates the newest remaining version when the active one is deleted", () => {
    expect(activeAfterDelete(versions, 30, 30)).toBe(20);
    expect(activeAfterDelete(versions, 20, 20)).toBe(30);
    expect(activeAfterDelete(versions, 10, 10)).toBe(30);
  });

  it("keeps the active version when another one is deleted", () => {
    expect(activeAfterDelete(versions, 20, 10)).toBe(20);
    expect(activeAfterDelete(versions, 10, 30)).toBe(10);
  });

  it("activates none when the last version is deleted", () => {
    expect(activeAfterDelete([{ id: 5 }], 5, 5)).toBeNull();
  });

  it("works on the list before or after the deleted row left it", () => {
    const after = versions.filter((v) => v.id !== 30);
    expect(activeAfterDelete(after, 30, 30)).toBe(20);
    expect(activeAfterDelete(after, null, 30)).toBe(20);
  });
});

describe("compare and edit availability", () => {
  it("needs 2 or more versions and is unavailable while editing", () => {
    expect(canCompare(0, "view")).toBe(false);
    expect(canCompare(1, "view")).toBe(false);
    expect(canCompare(2, "view")).toBe(true);
    expect(canCompare(5, "compare")).toBe(true);
    expect(canCompare(5, "edit")).toBe(false);
  });

  it("editing needs a version and is unavailable while comparing", () => {
    expect(canEdit(true, "view")).toBe(true);
    expect(canEdit(false, "view")).toBe(false);
    expect(canEdit(true, "compare")).toBe(false);
  });

  it("the rendered/code toggle is disabled while editing or comparing", () => {
    expect(canToggleView("view")).toBe(true);
    expect(canToggleView("edit")).toBe(false);
    expect(canToggleView("compare")).toBe(false);
  });

  it("compares with the version just before the active one by default", () => {
    expect(defaultCompareId(versions, 30)).toBe(20);
    expect(defaultCompareId(versions, 20)).toBe(10);
    // The oldest has none before it: the one just after it.
    expect(defaultCompareId(versions, 10)).toBe(20);
    expect(defaultCompareId([{ id: 1 }], 1)).toBeNull();
    expect(defaultCompareId(versions, 999)).toBeNull();
  });
});

describe("sideBySideDiff", () => {
  const text = (rows: ReturnType<typeof sideBySideDiff>["rows"]) =>
    rows.map((r) => [
      r.left ? `${r.left.kind[0]}${r.left.line}:${r.left.text}` : "-",
      r.right ? `${r.right.kind[0]}${r.right.line}:${r.right.text}` : "-",
    ]);

  it("says identical sources are identical", () => {
    expect(sideBySideDiff("<p>a</p>\n<p>b</p>", "<p>a</p>\n<p>b</p>")).toEqual({ identical: true, rows: [] });
    expect(sideBySideDiff("", "")).toEqual({ identical: true, rows: [] });
  });

  it("aligns unchanged lines and faces a changed line with its replacement", () => {
    const diff = sideBySideDiff("<h1>T</h1>\n<p>old</p>\n<p>end</p>\n", "<h1>T</h1>\n<p>new</p>\n<p>end</p>\n");
    expect(diff.identical).toBe(false);
    expect(text(diff.rows)).toEqual([
      ["u1:<h1>T</h1>", "u1:<h1>T</h1>"],
      ["r2:<p>old</p>", "a2:<p>new</p>"],
      ["u3:<p>end</p>", "u3:<p>end</p>"],
    ]);
  });

  it("puts removed lines on the left and added lines on the right, facing empty cells", () => {
    const diff = sideBySideDiff("a\nb\nc\n", "a\nc\nd\ne\n");
    expect(text(diff.rows)).toEqual([
      ["u1:a", "u1:a"],
      ["r2:b", "-"],
      ["u3:c", "u2:c"],
      ["-", "a3:d"],
      ["-", "a4:e"],
    ]);
  });

  it("pads the shorter side of a replaced block", () => {
    const diff = sideBySideDiff("x\n1\n2\n3\ny", "x\nA\ny");
    expect(text(diff.rows)).toEqual([
      ["u1:x", "u1:x"],
      ["r2:1", "a2:A"],
      ["r3:2", "-"],
      ["r4:3", "-"],
      ["u5:y", "u3:y"],
    ]);
  });

  it("handles an empty side and Windows line breaks", () => {
    expect(text(sideBySideDiff("", "<p>a</p>\r\n<p>b</p>").rows)).toEqual([
      ["-", "a1:<p>a</p>"],
      ["-", "a2:<p>b</p>"],
    ]);
    expect(text(sideBySideDiff("<p>a</p>", "").rows)).toEqual([["r1:<p>a</p>", "-"]]);
  });

  it("keeps the markup as text (the screen escapes it; nothing is parsed)", () => {
    const diff = sideBySideDiff("<p>safe</p>", "<script>alert(1)</script>");
    expect(diff.rows[0].left?.text).toBe("<p>safe</p>");
    expect(diff.rows[0].right?.text).toBe("<script>alert(1)</script>");
  });
});

describe("revisionRoundLabel", () => {
  it("names the first draft and each round, and tells the team when a round goes past the offer", () => {
    expect(revisionRoundLabel(0, { included: 2, team: false })).toBe("First draft");
    expect(revisionRoundLabel(2, { included: 2, team: true })).toBe("Revision round 2");
    expect(revisionRoundLabel(3, { included: 2, team: false })).toBe("Revision round 3");
    expect(revisionRoundLabel(3, { included: 2, team: true })).toBe("Revision round 3, beyond the 2 included");
    // A version made by editing another's text says so, apart from the one it was edited from (issue 38).
    expect(revisionRoundLabel(1, { included: 2, team: false }, true)).toBe("Revision round 1, edited");
    expect(revisionRoundLabel(0, { included: 2, team: false }, true)).toBe("First draft, edited");
    expect(revisionRoundLabel(3, { included: 2, team: true }, true)).toBe("Revision round 3, edited, beyond the 2 included");
  });
});
