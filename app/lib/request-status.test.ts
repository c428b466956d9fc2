import { describe, expect, it } from "vitest";
import { REQUEST_STATUS_LABELS, requestStatus } from "./request-status";

describe("requestStatus", () => {
  it("says where a request stands in the client's words, never why it is delayed", () => {
    expect(requestStatus("queued", false)).toBe("requested");
    expect(requestStatus("running", false)).toBe("in-progress");
    expect(requestStatus("running", true)).toBe("in-progress");
    expect(requestStatus("done", false)).toBe("ready");
    expect(requestStatus("queued", true)).toBe("delayed");
    expect(requestStatus("waiting", true)).toBe("delayed");
    expect(requestStatus("failed", true)).toBe("delayed");
    expect(requestStatus("cancelled", false)).toBe("cancelled");
    expect(REQUEST_STATUS_LABELS.delayed).toBe("Delayed, the team is on it");
  });

  it("points a failed publish to the publishing card, which says why; a publish retried later is still delayed", () => {
    expect(requestStatus("failed", true, "publish_article")).toBe("not-published");
    expect(REQUEST_STATUS_LABELS["not-published"]).toBe("Not published, see why above");
    expect(requestStatus("queued", true, "publish_article")).toBe("delayed");
    expect(requestStatus("done", false, "publish_article")).toBe("ready");
    expect(requestStatus("failed", true, "create_article")).toBe("delayed");
  });
});
