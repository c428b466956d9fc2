/**
 * The review state of an article version (spec part 2, section 4), derived from two flags, and the
 * four actions with their exact texts. Shared by the review screen and the model that applies them.
 */
import { z } from "~/lib/zod";

export type ReviewState = "Draft" | "In revision" | "Approved";

export type ReviewFlags = { approved: boolean; sentInRevision: boolean };

/** approved means Approved; otherwise sent_in_revision means In revision; otherwise Draft. */
export function reviewState({ approved, sentInRevision }: ReviewFlags): ReviewState {
  if (approved) return "Approved";
  if (sentInRevision) return "In revision";
  return "Draft";
}

export const REVIEW_INTENTS = ["send-revision", "cancel-revision", "approve", "cancel-approval"] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];

export const isReviewIntent = (value: unknown): value is ReviewIntent => REVIEW_INTENTS.includes(value as ReviewIntent);

/** Which actions each state allows. */
export const ALLOWED_INTENTS: Record<ReviewState, readonly ReviewIntent[]> = {
  Draft: ["send-revision", "approve"],
  "In revision": ["cancel-revision"],
  Approved: ["cancel-approval"],
};

export function allowedIntents(flags: ReviewFlags): readonly ReviewIntent[] {
  return ALLOWED_INTENTS[reviewState(flags)];
}

export function canApply(flags: ReviewFlags, intent: ReviewIntent): boolean {
  return allowedIntents(flags).includes(intent);
}

/** The state an allowed action leads to. */
export const TARGET_STATE: Record<ReviewIntent, ReviewState> = {
  "send-revision": "In revision",
  "cancel-revision": "Draft",
  approve: "Approved",
  "cancel-approval": "Draft",
};

/** Button labels, busy labels and the spec's toasts (section 8, 'Review'). */
export const REVIEW_ACTIONS: Record<ReviewIntent, { label: string; busy: string; success: string; failure: string }> = {
  "send-revision": {
    label: "Send for revision",
    busy: "Sending...",
    success: "Version sent for revision successfully",
    failure: "Failed to send for revision",
  },
  "cancel-revision": {
    label: "Cancel revision request",
    busy: "Canceling...",
    success: "Revision request canceled successfully",
    failure: "Failed to cancel revision",
  },
  approve: {
    label: "Approve",
    busy: "Approving...",
    success: "Version approved successfully",
    failure: "Failed to approve version",
  },
  "cancel-approval": {
    label: "Cancel approval",
    busy: "Canceling...",
    success: "Approval canceled successfully",
    failure: "Failed to cancel approval",
  },
};

export const COMMENTS_REQUIRED = "Comments are required to send for revision";
export const DEMO_ARTICLE_TITLE = "Demo Article";
export const DEMO_ARTICLE_MESSAGE = "This is a demo article, so you cannot use this feature.";

/** The send-for-revision form: comments required after trimming. */
export const sendRevisionSchema = z.object({
  comments: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().min(1, COMMENTS_REQUIRED)),
});
