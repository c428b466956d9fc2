import { describe, expect, it } from "vitest";
import {
  allowedIntents,
  canApply,
  COMMENTS_REQUIRED,
  REVIEW_ACTIONS,
  REVIEW_INTENTS,
  reviewState,
  sendRevisionSchema,
  TARGET_STATE,
  type ReviewIntent,
} from "./review-state";

describe("reviewState", () => {
  it("is Draft when neither flag is set", () => {
    expect(reviewState({ approved: false, sentInRevision: false })).toBe("Draft");
  });
  it("is In revision when sent in revision and not approved", () => {
    expect(reviewState({ approved: false, sentInRevision: true })).toBe("In revision");
  });
  it("is Approved when approved", () => {
    expect(reviewState({ approved: true, sentInRevision: false })).toBe("Approved");
  });
  it("lets approved win over sent in revision", () => {
    expect(reviewState({ approved: true, sentInRevision: true })).toBe("Approved");
  });
});

describe("allowed actions", () => {
  const draft = { approved: false, sentInRevision: false };
  const inRevision = { approved: false, sentInRevision: true };
  const approved = { approved: true, sentInRevision: false };

  it("Draft allows send for revision and approve", () => {
    expect([...allowedIntents(draft)].sort()).toEqual(["approve", "send-revision"]);
  });
  it("In revision allows only cancel revision", () => {
    expect(allowedIntents(inRevision)).toEqual(["cancel-revision"]);
  });
  it("Approved allows only cancel approval (also when sent in revision too)", () => {
    expect(allowedIntents(approved)).toEqual(["cancel-approval"]);
    expect(allowedIntents({ approved: true, sentInRevision: true })).toEqual(["cancel-approval"]);
  });

  it.each<[typeof draft, ReviewIntent, boolean]>([
    [draft, "send-revision", true],
    [draft, "approve", true],
    [draft, "cancel-revision", false],
    [draft, "cancel-approval", false],
    [inRevision, "cancel-revision", true],
    [inRevision, "send-revision", false],
    [inRevision, "approve", false],
    [inRevision, "cancel-approval", false],
    [approved, "cancel-approval", true],
    [approved, "approve", false],
    [approved, "send-revision", false],
    [approved, "cancel-revision", false],
  ])("canApply(%o, %s) is %s", (flags, intent, expected) => {
    expect(canApply(flags, intent)).toBe(expected);
  });

  it("each action leads to the state of the spec", () => {
    expect(TARGET_STATE).toEqual({
      "send-revision": "In revision",
      "cancel-revision": "Draft",
      approve: "Approved",
      "cancel-approval": "Draft",
    });
  });
});

describe("texts", () => {
  it("carries the spec's toasts for every action", () => {
    expect(REVIEW_INTENTS.map((i) => [REVIEW_ACTIONS[i].success, REVIEW_ACTIONS[i].failure])).toEqual([
      ["Version sent for revision successfully", "Failed to send for revision"],
      ["Revision request canceled successfully", "Failed to cancel revision"],
      ["Version approved successfully", "Failed to approve version"],
      ["Approval canceled successfully", "Failed to cancel approval"],
    ]);
  });
});

describe("sendRevisionSchema", () => {
  it("requires comments after trimming", () => {
    for (const comments of ["", "   ", "\n\t", undefined, null]) {
      const result = sendRevisionSchema.safeParse({ comments });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(COMMENTS_REQUIRED);
    }
  });
  it("keeps the trimmed comments", () => {
    expect(sendRevisionSchema.parse({ comments: "  Shorten the intro.  " })).toEqual({ comments: "Shorten the intro." });
  });
});
