// @vitest-environment jsdom
/** useDelayed: the spinners of the guard and of the page list show only for a wait that lasts. */
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDelayed } from "./use-delayed";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement("div");
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

function Probe({ on }: { on: boolean }) {
  return useDelayed(on, 300) ? "shown" : "hidden";
}
const render = (on: boolean) => act(() => root.render(createElement(Probe, { on })));

describe("useDelayed", () => {
  it("turns true only once the condition has held for the delay, and false as soon as it stops", () => {
    render(true);
    act(() => vi.advanceTimersByTime(299));
    expect(container.textContent).toBe("hidden");
    act(() => vi.advanceTimersByTime(1));
    expect(container.textContent).toBe("shown");
    render(false);
    expect(container.textContent).toBe("hidden");
  });

  it("starts the wait again for each new spell", () => {
    render(true);
    act(() => vi.advanceTimersByTime(200));
    render(false);
    render(true);
    act(() => vi.advanceTimersByTime(200));
    expect(container.textContent).toBe("hidden");
    act(() => vi.advanceTimersByTime(100));
    expect(container.textContent).toBe("shown");
  });
});
