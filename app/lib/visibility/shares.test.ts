import { describe, expect, it } from "vitest";
import { compareShares, normalUpperTail, wilsonInterval } from "./shares";

describe("wilsonInterval", () => {
  it("gives the issue's example: cited in 7 of 45 answers is 16 %, 8-29 %", () => {
    const interval = wilsonInterval({ k: 7, n: 45 })!;
    expect(Math.round(interval.low * 100)).toBe(8);
    expect(Math.round(interval.high * 100)).toBe(29);
  });

  it("is not empty at 0 of n nor at n of n, and stays within 0 and 1", () => {
    expect(wilsonInterval({ k: 0, n: 10 })).toEqual({ low: 0, high: expect.closeTo(0.2775, 4) });
    expect(wilsonInterval({ k: 10, n: 10 })).toEqual({ low: expect.closeTo(0.7225, 4), high: 1 });
    expect(wilsonInterval({ k: 1, n: 1 })).toEqual({ low: expect.closeTo(0.2065, 4), high: 1 });
  });

  it("narrows as the answers grow, around the same share", () => {
    const few = wilsonInterval({ k: 3, n: 10 })!;
    const many = wilsonInterval({ k: 300, n: 1000 })!;
    expect(many.high - many.low).toBeLessThan((few.high - few.low) / 5);
    expect(many.low).toBeCloseTo(0.2724, 3);
    expect(many.high).toBeCloseTo(0.3291, 3);
  });

  it("has nothing to say without answers, and refuses what is not a share", () => {
    expect(wilsonInterval({ k: 0, n: 0 })).toBeNull();
    expect(() => wilsonInterval({ k: 3, n: 2 })).toThrow(RangeError);
    expect(() => wilsonInterval({ k: -1, n: 2 })).toThrow(RangeError);
    expect(() => wilsonInterval({ k: 0.5, n: 2 })).toThrow(RangeError);
  });
});

describe("normalUpperTail", () => {
  it("matches the normal table", () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 6);
    expect(normalUpperTail(1.959964)).toBeCloseTo(0.025, 6);
    expect(normalUpperTail(-1.959964)).toBeCloseTo(0.975, 6);
    expect(normalUpperTail(3)).toBeCloseTo(0.0013499, 6);
  });
});

describe("compareShares", () => {
  it("calls 10 % to 22 % of 100 answers each a clear rise (p 0.034), and 10 % to 18 % no clear change (p 0.15)", () => {
    const rise = compareShares({ k: 10, n: 100 }, { k: 22, n: 100 });
    expect(rise.change).toBe("rise");
    expect(rise.pValue).toBeCloseTo(0.034, 3);
    const small = compareShares({ k: 10, n: 100 }, { k: 18, n: 100 });
    expect(small.change).toBe("none");
    expect(small.pValue).toBeCloseTo(0.153, 2);
  });

  it("corrects for continuity: 10 % to 20 % of 100 answers each (p 0.048 without) is no clear change (p 0.075)", () => {
    const result = compareShares({ k: 10, n: 100 }, { k: 20, n: 100 });
    expect(result.change).toBe("none");
    expect(result.pValue).toBeCloseTo(0.075, 2);
  });

  it("reads a fall the other way round, with the same p-value", () => {
    const fall = compareShares({ k: 22, n: 100 }, { k: 10, n: 100 });
    expect(fall.change).toBe("fall");
    expect(fall.pValue).toBeCloseTo(compareShares({ k: 10, n: 100 }, { k: 22, n: 100 }).pValue, 10);
  });

  it("does not call 0 % to 100 % of one answer each a change (the single sample the issue is about)", () => {
    expect(compareShares({ k: 0, n: 1 }, { k: 1, n: 1 }).change).toBe("none");
    expect(compareShares({ k: 0, n: 9 }, { k: 6, n: 9 }).change).toBe("rise");
  });

  it("says nothing without answers on a side, nor when nothing was ever mentioned", () => {
    expect(compareShares({ k: 0, n: 0 }, { k: 5, n: 9 })).toEqual({ change: "none", pValue: 1 });
    expect(compareShares({ k: 0, n: 9 }, { k: 0, n: 9 })).toEqual({ change: "none", pValue: 1 });
  });
});
