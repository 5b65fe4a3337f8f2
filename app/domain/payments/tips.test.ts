import { describe, expect, it } from "vitest";
import { chosenTip, TIP_MAX_CENTS, tipChoices } from "./tips";

describe("tips", () => {
  it("suggests percentages of the amount before taxes, then another amount and no tip, none preselected", () => {
    // 149,99 $ before taxes (172,45 $ with taxes): 15 % is 22,50 $, not 25,87 $.
    expect(tipChoices(14_999)).toEqual([
      { kind: "percent", percent: 10, cents: 1_500 },
      { kind: "percent", percent: 15, cents: 2_250 },
      { kind: "percent", percent: 20, cents: 3_000 },
      { kind: "custom" },
      { kind: "none" },
    ]);
  });

  it("takes a suggestion, another amount, or no tip, and refuses a missing or huge amount", () => {
    expect(chosenTip({ choice: "15" }, 14_999)).toEqual({ ok: true, cents: 2_250 });
    expect(chosenTip({ choice: "none", customCents: 500 }, 14_999)).toEqual({ ok: true, cents: 0 });
    expect(chosenTip({ choice: "custom", customCents: 1_234 }, 14_999)).toEqual({ ok: true, cents: 1_234 });
    expect(chosenTip({ choice: "custom", customCents: 0 }, 14_999)).toEqual({ ok: true, cents: 0 });
    expect(chosenTip({ choice: "custom" }, 14_999)).toEqual({ ok: false, code: "TIP_AMOUNT_REQUIRED" });
    expect(chosenTip({ choice: "custom", customCents: TIP_MAX_CENTS + 1 }, 14_999)).toEqual({
      ok: false,
      code: "TIP_TOO_LARGE",
    });
  });
});
