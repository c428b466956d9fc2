import type { ReviewIntent } from "~/lib/review-state";
import type { Toast } from "~/lib/toast";

/** A version as the review screen shows it: its HTML already sanitized on the server. */
export type ReviewScreenVersion = {
  id: number;
  /** The absolute address of its public view (/view/{public id}), to open, copy and share. */
  publicUrl: string;
  /** Sanitized by the loader or the action (lib/sanitize.server.ts). */
  html: string;
  /** False when the HTML shows nothing (no text, image or embed). */
  hasContent: boolean;
  /** 'Version du {date} ({time})'. */
  label: string;
  createdDate: string;
  sentInRevision: boolean;
  approved: boolean;
  commentsToModify: string | null;
};

/** What the review screen's action answers to its fetcher. */
export type ReviewActionResult = {
  ok: boolean;
  intent?: ReviewIntent;
  /** The version as the server now has it (after the action, or as it was when refused). */
  version?: ReviewScreenVersion;
  /** Refused because the page is a demo article. */
  demo?: boolean;
  errors?: { comments?: string };
  toast?: Toast;
  /** Makes two identical answers in a row distinct. */
  stamp: number;
};
