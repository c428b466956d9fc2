/**
 * For the unit tests of components and hooks (jsdom): a React root mounted in a fresh container before each test and
 * unmounted after it. `render` renders in `act`, so that effects and state updates have run when it returns.
 *
 *   const root = reactTestRoot();
 *   root.render(createElement(Thing, props));
 *   root.container.querySelector("button");
 */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function reactTestRoot() {
  let root: Root;
  const handle = {
    container: undefined as unknown as HTMLDivElement,
    render: (node: ReactNode) => act(() => root.render(node)),
  };
  beforeEach(() => {
    handle.container = document.createElement("div");
    document.body.append(handle.container);
    root = createRoot(handle.container);
  });
  afterEach(() => {
    act(() => root.unmount());
    handle.container.remove();
  });
  return handle;
}
