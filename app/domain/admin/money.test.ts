import { describe, expect, it } from "vitest";
import { centsToPriceInput, parsePriceToCents } from "./money";

describe("parsePriceToCents", () => {
  it.each([
    ["149,99", 14_999],
    ["149.99", 14_999],
    ["149,99 $", 14_999],
    ["149,9", 14_990],
    ["149", 14_900],
    ["1 234,50", 123_450],
    ["1\u00a0234,50\u00a0$", 123_450],
    ["0", 0],
  ])("reads %s as %i cents", (text, cents) => {
    expect(parsePriceToCents(text)).toBe(cents);
  });

  it.each(["", "abc", "-5", "149,999", "1,234.50", "12a", ",50"])("refuses %s", (text) => {
    expect(parsePriceToCents(text)).toBeNull();
  });

  it("writes cents back in the form's fr-CA style", () => {
    expect(centsToPriceInput(14_999)).toBe("149,99");
    expect(centsToPriceInput(2_005)).toBe("20,05");
    expect(parsePriceToCents(centsToPriceInput(12_345))).toBe(12_345);
  });
});
