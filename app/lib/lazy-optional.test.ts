import { describe, expect, it, vi } from "vitest";
import { loadOptional } from "./lazy-optional";

const Part = () => null;

describe("loadOptional", () => {
  it("tries a failed load again after each delay and gives the module once it loads", async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ default: Part });
    const waits: number[] = [];
    const module = await loadOptional(load, [10, 20, 30], async (ms) => void waits.push(ms));
    expect(module.default).toBe(Part);
    expect(waits).toEqual([10, 20]);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("renders nothing, instead of failing the page, when every try failed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const load = vi.fn().mockRejectedValue(new TypeError("Failed to fetch dynamically imported module"));
    const module = await loadOptional(load, [1, 2], async () => {});
    expect(load).toHaveBeenCalledTimes(3);
    expect((module.default as () => null)()).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe("loadOptional's stand-in", () => {
  it("renders the given stand-in when every try failed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const Unavailable = () => "unavailable";
    const load = vi.fn().mockRejectedValue(new TypeError("Failed to fetch dynamically imported module"));
    const module = await loadOptional(load, [1], async () => {}, Unavailable);
    expect(module.default).toBe(Unavailable);
    warn.mockRestore();
  });
});
