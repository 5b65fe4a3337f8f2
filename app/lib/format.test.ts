import { describe, expect, it } from "vitest";
import { formatMoney } from "./format";

describe("formatMoney", () => {
  it("formats cents the Quebec way", () => {
    expect(formatMoney(14999).replace(/\s/g, " ")).toBe("149,99 $");
    expect(formatMoney(0).replace(/\s/g, " ")).toBe("0,00 $");
    expect(formatMoney(123456).replace(/\s/g, " ")).toBe("1 234,56 $");
  });
});
