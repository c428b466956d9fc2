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
});
