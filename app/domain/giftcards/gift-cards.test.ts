import { describe, expect, it } from "vitest";
import {
  deliveryInstant,
  formatGiftCardCode,
  giftCardCodeFrom,
  giftCardPurchaseSchema,
  maskGiftCardCode,
  normalizeGiftCardCode,
} from "./gift-cards";

// The gift card's code, purchase form and delivery instant (ADR 087), under a fixed clock.

const FRIDAY_EVENING = new Date("2026-03-06T23:30:00-05:00");

describe("gift card codes", () => {
  it("draws 16 characters of Crockford's base 32, and reads them back however they are typed", () => {
    const code = giftCardCodeFrom(Uint8Array.from({ length: 16 }, (_, i) => i * 17));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(formatGiftCardCode(code)).toMatch(/^(.{4}-){3}.{4}$/);
    expect(normalizeGiftCardCode(formatGiftCardCode(code).toLowerCase())).toBe(code);
    expect(normalizeGiftCardCode(" abcd efgh jkmn pqrs ")).toBe("ABCDEFGHJKMNPQRS");
    expect(normalizeGiftCardCode("OOOO-IIII-LLLL-0000")).toBe("0000111111110000");
    expect(normalizeGiftCardCode("UUUU-UUUU-UUUU-UUUU")).toBeNull();
    expect(normalizeGiftCardCode("ABCD")).toBeNull();
    expect(maskGiftCardCode(code)).toBe(`••••-${code.slice(-4)}`);
  });
});

describe("the purchase form", () => {
  const form = {
    amount: "75,50",
    buyerName: "Marc Roy",
    buyerEmail: "MARC@example.com",
    recipientName: "Julie Roy",
    recipientEmail: "julie@example.com",
    message: "",
    deliverOn: "2026-03-06",
  };
  const errorsOf = (values: Record<string, string>) => {
    const parsed = giftCardPurchaseSchema(FRIDAY_EVENING).safeParse({ ...form, ...values });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
  };

  it("takes dollars in cents, lower-case addresses, no message as null, today as the day", () => {
    expect(giftCardPurchaseSchema(FRIDAY_EVENING).parse(form)).toMatchObject({
      amount: 7_550,
      buyerEmail: "marc@example.com",
      message: null,
      deliverOn: "2026-03-06",
    });
  });

  it("refuses amounts out of bounds, yesterday, a year and more ahead, and a bad address", () => {
    expect(errorsOf({ amount: "24,99" }).amount).toMatch(/entre 25,00\s\$ et 1\s000,00\s\$/);
    expect(errorsOf({ amount: "1000,01" }).amount).toMatch(/entre/);
    expect(errorsOf({ amount: "douze" }).amount).toMatch(/en dollars/);
    expect(errorsOf({ deliverOn: "2026-03-05" }).deliverOn).toMatch(/aujourd'hui ou plus tard/);
    expect(errorsOf({ deliverOn: "2027-03-08" }).deliverOn).toMatch(/12 prochains mois/);
    expect(errorsOf({ recipientEmail: "julie" }).recipientEmail).toMatch(/valide/);
  });
});

describe("the delivery instant", () => {
  it("is 9 h on a later chosen day in Quebec, or now when the day is today or past", () => {
    expect(deliveryInstant("2026-03-09", FRIDAY_EVENING).toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(deliveryInstant("2026-03-07", FRIDAY_EVENING).toISOString()).toBe("2026-03-07T14:00:00.000Z");
    expect(deliveryInstant("2026-03-06", FRIDAY_EVENING)).toEqual(FRIDAY_EVENING);
    // Today, before 9 h: at once.
    const earlyMorning = new Date("2026-03-06T05:30:00.000Z");
    expect(deliveryInstant("2026-03-06", earlyMorning)).toEqual(earlyMorning);
  });
});
