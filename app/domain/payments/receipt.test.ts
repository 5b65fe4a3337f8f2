import { describe, expect, it } from "vitest";
import { priceLinesOf } from "./terms";
import { balanceAfterDeposit, receiptLines } from "./receipt";
import { dollarsToCents, TipFormSchema } from "./tip-form";

describe("the balance after the wash (ADR 079)", () => {
  it("is the rest of each of the booking's lines, and the two charges add up to them", () => {
    const deposit = { subtotalCents: 3_750, tpsCents: 187, tvqCents: 374 };
    const balance = balanceAfterDeposit(14_999, deposit, 800)!;
    const price = priceLinesOf(14_999);
    expect(balance).toEqual({
      subtotalCents: 11_249,
      tpsCents: 563,
      tvqCents: 1_122,
      totalCents: 12_934,
      applicationFeeCents: 900,
    });
    expect(balance.totalCents + 4_311).toBe(price.totalCents);
    // A card kept without deposit: the whole booking, its whole royalty.
    expect(balanceAfterDeposit(14_999, null, 800)).toMatchObject({
      totalCents: 17_245,
      applicationFeeCents: 1_200,
    });
  });

  it("is waived when nothing (or less than Stripe's minimum) is left", () => {
    const lines = priceLinesOf(14_999);
    expect(
      balanceAfterDeposit(
        14_999,
        { subtotalCents: 14_999, tpsCents: lines.tpsCents, tvqCents: lines.tvqCents },
        800,
      ),
    ).toBeNull();
  });
});

describe("receipt lines", () => {
  it("puts each tax on its own line, the tip apart, and the row's amount as the total", () => {
    expect(
      receiptLines({
        amountCents: 12_934,
        subtotalCents: 11_249,
        tpsCents: 563,
        tvqCents: 1_122,
        tipCents: 0,
      }),
    ).toEqual([
      { key: "subtotal", cents: 11_249 },
      { key: "tps", cents: 563 },
      { key: "tvq", cents: 1_122 },
      { key: "total", cents: 12_934 },
    ]);
    expect(
      receiptLines({ amountCents: 500, subtotalCents: 0, tpsCents: 0, tvqCents: 0, tipCents: 500 }),
    ).toEqual([
      { key: "tip", cents: 500 },
      { key: "total", cents: 500 },
    ]);
  });
});

describe("the tip form", () => {
  it("reads amounts in dollars the way people type them", () => {
    expect(dollarsToCents("12,50")).toBe(1_250);
    expect(dollarsToCents("12.5")).toBe(1_250);
    expect(dollarsToCents("12 $")).toBe(1_200);
    expect(dollarsToCents("douze")).toBeNull();
    expect(dollarsToCents("1,234")).toBeNull();
  });

  it("needs a choice, none preselected, and an amount only with « Autre montant »", () => {
    expect(TipFormSchema.safeParse({}).error?.issues[0]).toMatchObject({
      path: ["choice"],
      message: "Choisissez une option.",
    });
    expect(TipFormSchema.parse({ choice: "15", amount: "" })).toEqual({ choice: "15" });
    expect(TipFormSchema.parse({ choice: "none" })).toEqual({ choice: "none" });
    expect(TipFormSchema.parse({ choice: "custom", amount: "7,25" })).toEqual({
      choice: "custom",
      customCents: 725,
    });
    expect(TipFormSchema.safeParse({ choice: "custom", amount: "" }).error?.issues[0]?.message).toBe(
      "Entrez le montant du pourboire.",
    );
    expect(TipFormSchema.safeParse({ choice: "custom", amount: "0,25" }).error?.issues[0]?.message).toMatch(
      /minimal est de 0,50/,
    );
    expect(TipFormSchema.safeParse({ choice: "custom", amount: "5000" }).error?.issues[0]?.message).toMatch(
      /maximal/,
    );
    expect(TipFormSchema.safeParse({ choice: "25" }).success).toBe(false);
  });
});
