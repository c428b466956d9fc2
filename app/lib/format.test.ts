import { describe, expect, it } from "vitest";
import { formatDate, formatUsd } from "./format";

/** French number formatting puts a no-break space before the symbol and a narrow one between thousands. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatUsd (money as the screens write it)", () => {
  it("writes dollars in French, with the currency's two decimals", () => {
    expect(plain(formatUsd(0))).toBe("0,00 $");
    expect(plain(formatUsd(10))).toBe("10,00 $");
    expect(plain(formatUsd(0.06))).toBe("0,06 $");
    expect(plain(formatUsd(1.23456))).toBe("1,23 $");
    expect(plain(formatUsd(1234.5))).toBe("1 234,50 $");
  });

  it("gives four decimals only to an amount under a cent, such as a single call", () => {
    expect(plain(formatUsd(0.0015))).toBe("0,0015 $");
    expect(plain(formatUsd(0.009))).toBe("0,0090 $");
    expect(plain(formatUsd(0.01))).toBe("0,01 $");
    expect(plain(formatUsd(0.0123))).toBe("0,01 $");
    expect(plain(formatUsd(0.00004))).toBe("< 0,0001 $");
  });

  it("writes a missing amount as a dash, and takes the number of decimals a chart's axis asks for", () => {
    expect(formatUsd(null)).toBe("—");
    expect(formatUsd(undefined)).toBe("—");
    expect(plain(formatUsd(0.05, { decimals: 3 }))).toBe("0,050 $");
    expect(plain(formatUsd(20, { decimals: 0 }))).toBe("20 $");
  });
});

describe("formatDate (a day, as every date of the results and the report)", () => {
  it("writes the day as dd/mm/yyyy, in French time", () => {
    expect(formatDate("2026-11-23")).toBe("23/11/2026");
    expect(formatDate(new Date("2027-01-04T08:00:00Z"))).toBe("04/01/2027");
    // Late in the UTC evening it is already the next day in Paris.
    expect(formatDate("2026-12-31T23:30:00Z")).toBe("01/01/2027");
    expect(formatDate(null)).toBe("");
  });
});
