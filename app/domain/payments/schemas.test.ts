import { describe, expect, it } from "vitest";
import {
  basisPointsToPercentInput,
  OnSitePaymentSchema,
  parsePercentToBasisPoints,
  RefundSchema,
  RoyaltySchema,
  ZonePaymentSettingSchema,
} from "./schemas";

const zoneId = "7f1d1c1e-7a0b-4c1e-9d3e-3d2b1a0f9e8d";

describe("the back office's payment forms", () => {
  it("reads percentages as basis points and writes them back", () => {
    expect(parsePercentToBasisPoints("8")).toBe(800);
    expect(parsePercentToBasisPoints("7,5")).toBe(750);
    expect(parsePercentToBasisPoints("12.25 %")).toBe(1_225);
    expect(parsePercentToBasisPoints("100")).toBe(10_000);
    expect(parsePercentToBasisPoints("100,01")).toBeNull();
    expect(parsePercentToBasisPoints("-1")).toBeNull();
    expect(basisPointsToPercentInput(750)).toBe("7,5");
    expect(basisPointsToPercentInput(1_225)).toBe("12,25");
    expect(basisPointsToPercentInput(800)).toBe("8");
  });

  it("takes a deposit zone's setting as cents and basis points, and says in French what is missing", () => {
    expect(
      ZonePaymentSettingSchema.parse({
        zoneId,
        mode: "deposit",
        depositRule: "fixed",
        depositValue: "25,00 $",
        lateCancelRule: "percent",
        lateCancelValue: "50",
        noShowRule: "deposit",
      }),
    ).toEqual({
      zoneId,
      mode: "deposit",
      depositRule: "fixed",
      depositValue: 2_500,
      lateCancelRule: "percent",
      lateCancelValue: 5_000,
      noShowRule: "deposit",
      noShowValue: null,
    });
    const missing = ZonePaymentSettingSchema.safeParse({
      zoneId,
      mode: "deposit",
      depositRule: "fixed",
      depositValue: "0,25",
      lateCancelRule: "none",
      noShowRule: "fixed",
    });
    expect(missing.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["depositValue", "Le montant doit être d'au moins 0,50 $ (minimum de Stripe)."],
      ["noShowValue", "Entrez un montant en dollars, par exemple 25,00."],
    ]);
    // A card kept has no deposit to keep.
    const noDeposit = ZonePaymentSettingSchema.safeParse({
      zoneId,
      mode: "card_kept",
      lateCancelRule: "deposit",
      noShowRule: "none",
    });
    expect(noDeposit.error?.issues[0]?.message).toBe(
      "« Le dépôt » ne s'applique qu'à une zone qui prend un dépôt.",
    );
  });

  it("requires the network's royalty, and lets a franchisee's go back to it", () => {
    expect(RoyaltySchema.safeParse({ rate: "" }).success).toBe(false);
    expect(RoyaltySchema.parse({ franchiseeId: zoneId, rate: "" })).toEqual({
      franchiseeId: zoneId,
      basisPoints: null,
    });
    expect(RoyaltySchema.parse({ rate: "6,5" })).toEqual({ franchiseeId: null, basisPoints: 650 });
  });

  it("takes a refund in dollars with a reason, and an on-site tip that may be blank", () => {
    const base = { paymentId: zoneId, key: zoneId, reason: "Rayure sur la portière" };
    expect(RefundSchema.parse({ ...base, amount: "20,05" }).amount).toBe(2_005);
    expect(RefundSchema.safeParse({ ...base, amount: "0" }).success).toBe(false);
    expect(RefundSchema.safeParse({ ...base, amount: "5", reason: "ok" }).error?.issues[0]?.message).toBe(
      "Indiquez la raison du remboursement (3 caractères ou plus).",
    );
    expect(OnSitePaymentSchema.parse({ appointmentId: zoneId, method: "cash", tip: "" })).toEqual({
      appointmentId: zoneId,
      method: "cash",
    });
    expect(OnSitePaymentSchema.parse({ appointmentId: zoneId, method: "on_site_card", tip: "5" }).tip).toBe(
      500,
    );
  });
});
