import { describe, expect, it } from "vitest";
import { priceBooking } from "~/domain/booking/pricing";
import {
  discountCents,
  normalizePromoCode,
  promoRefusal,
  randomPromoCode,
  addressKey,
  sameAddress,
  type PromoBookingFacts,
  type PromoCodeRules,
} from "./promo";

const NOW = new Date("2026-05-01T12:00:00Z");
const rules = (over: Partial<PromoCodeRules> = {}): PromoCodeRules => ({
  isActive: true,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  usesCount: 0,
  oncePerCustomer: false,
  zoneIds: [],
  minCars: 1,
  firstBookingOnly: false,
  recipientEmail: null,
  ...over,
});
const facts = (over: Partial<PromoBookingFacts> = {}): PromoBookingFacts => ({
  now: NOW,
  zoneId: "zone-a",
  cars: 1,
  email: "lea@example.com",
  hasEarlierBooking: false,
  usedByCustomer: false,
  isOwnReferral: false,
  ...over,
});

describe("discountCents", () => {
  it("takes a percentage rounded half up to the cent", () => {
    // 15 % of 149,99 $ = 22,4985 $ -> 22,50 $.
    expect(discountCents({ kind: "percent", value: 15 }, 14999)).toBe(2250);
    // 10 % of 0,05 $ = 0,005 $ -> 0,01 $ (half up).
    expect(discountCents({ kind: "percent", value: 10 }, 5)).toBe(1);
    expect(discountCents({ kind: "percent", value: 100 }, 14999)).toBe(14999);
  });

  it("takes a fixed amount, never more than the subtotal", () => {
    expect(discountCents({ kind: "fixed", value: 1000 }, 14999)).toBe(1000);
    expect(discountCents({ kind: "fixed", value: 20000 }, 14999)).toBe(14999);
  });

  it("gives integer cents whose taxes are computed after it", () => {
    for (const subtotal of [1, 999, 14999, 29998, 51997]) {
      for (const value of [1, 7, 15, 33, 50]) {
        const cut = discountCents({ kind: "percent", value }, subtotal);
        expect(Number.isInteger(cut)).toBe(true);
        const price = priceBooking({ unitPriceCents: subtotal, cars: 1, discountCents: cut });
        expect(price.taxableCents).toBe(subtotal - cut);
        expect(price.tpsCents).toBe(priceBooking({ unitPriceCents: subtotal - cut, cars: 1 }).tpsCents);
        expect(price.tvqCents).toBe(priceBooking({ unitPriceCents: subtotal - cut, cars: 1 }).tvqCents);
      }
    }
  });
});

describe("promoRefusal", () => {
  it("accepts a code whose rules the booking meets", () => {
    expect(promoRefusal(rules(), facts())).toBeNull();
  });

  it("says which rule the booking breaks", () => {
    expect(promoRefusal(rules({ isActive: false }), facts())).toBe("INACTIVE");
    expect(promoRefusal(rules({ startsAt: new Date("2026-06-01") }), facts())).toBe("NOT_STARTED");
    expect(promoRefusal(rules({ endsAt: NOW }), facts())).toBe("EXPIRED");
    expect(promoRefusal(rules({ maxUses: 3, usesCount: 3 }), facts())).toBe("EXHAUSTED");
    expect(promoRefusal(rules({ zoneIds: ["zone-b"] }), facts())).toBe("ZONE");
    expect(promoRefusal(rules({ minCars: 2 }), facts())).toBe("MIN_CARS");
    expect(promoRefusal(rules({ firstBookingOnly: true }), facts({ hasEarlierBooking: true }))).toBe(
      "FIRST_BOOKING_ONLY",
    );
    expect(promoRefusal(rules({ oncePerCustomer: true }), facts({ usedByCustomer: true }))).toBe(
      "ALREADY_USED",
    );
    expect(promoRefusal(rules(), facts({ isOwnReferral: true }))).toBe("OWN_REFERRAL");
    expect(promoRefusal(rules({ recipientEmail: "marc@example.com" }), facts())).toBe("NOT_YOURS");
  });

  it("waits for the e-mail before refusing a personal code (the form's preview)", () => {
    expect(promoRefusal(rules({ recipientEmail: "marc@example.com" }), facts({ email: "" }))).toBeNull();
  });
});

describe("codes and addresses", () => {
  it("reads a code whatever its case and spaces", () => {
    expect(normalizePromoCode(" bien venue10 ")).toBe("BIENVENUE10");
  });

  it("makes random codes without look-alike letters", () => {
    const code = randomPromoCode("RETOUR", (n) => new Uint8Array(n).fill(255));
    expect(code).toMatch(/^RETOUR-[2-9A-HJ-NP-Z]{8}$/);
  });

  it("compares addresses without case, accents or punctuation", () => {
    expect(sameAddress("123, rue Principale, Granby", "123 RUE PRINCIPALE GRANBY")).toBe(true);
    expect(sameAddress("12 rue Élan", "12 rue Elan")).toBe(true);
    expect(sameAddress("12 rue Élan", "14 rue Elan")).toBe(false);
    expect(sameAddress("", "")).toBe(false);
  });

  it("compares the building, not the unit: app, apt, #, unité, suite and a unit before the number", () => {
    const home = "123, rue Principale, Granby";
    for (const variant of [
      "123 rue Principale app 1, Granby",
      "123 rue Principale, App. 1, Granby",
      "123 rue Principale apt 2B Granby",
      "123 rue Principale #3, Granby",
      "123 rue Principale, # 3 Granby",
      "123 rue Principale, unité 4, Granby",
      "123 RUE PRINCIPALE UNITE 4 GRANBY",
      "123 rue Principale suite 200, Granby",
      "123 rue Principale, appartement 12, Granby",
      "4-123 rue Principale, Granby",
    ]) {
      expect(sameAddress(home, variant), variant).toBe(true);
    }
    expect(addressKey("123 rue Principale app 1")).toBe("123rueprincipale");
    // Another building, another street: still different.
    expect(sameAddress(home, "125 rue Principale app 1, Granby")).toBe(false);
    expect(sameAddress(home, "123 rue Suite, Granby")).toBe(false);
    expect(sameAddress("123 rue Suite Granby", "123 rue Bureau Granby")).toBe(false);
    expect(sameAddress("app 1", "app 2")).toBe(false);
  });
});
