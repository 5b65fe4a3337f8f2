import { describe, expect, it } from "vitest";
import { formatPhone, phoneHref } from "./phone";

describe("formatPhone", () => {
  it("shows a Quebec number as 450 555-0142, however it was stored or typed", () => {
    for (const raw of ["+14505550142", "4505550142", "450-555-0142", "1 (450) 555-0142", "+1 450 555 0142"]) {
      expect(formatPhone(raw)).toBe("450 555-0142");
    }
  });

  it("shows a number from another country in its international form", () => {
    expect(formatPhone("+33142685300")).toBe("+33 1 42 68 53 00");
  });

  it("keeps what cannot be read as a number, and nothing for nothing", () => {
    expect(formatPhone("poste 12")).toBe("poste 12");
    expect(formatPhone(null)).toBe("");
  });
});

describe("phoneHref", () => {
  it("gives the E.164 number for tel: and sms: links", () => {
    expect(phoneHref("450 555-0142")).toBe("+14505550142");
    expect(phoneHref("abc")).toBeNull();
  });
});

describe("numbers read again", () => {
  it("give the same answers from the second time on, past the bound of numbers kept", () => {
    const numbers = Array.from({ length: 1_200 }, (_, i) => `450 555-${String(i).padStart(4, "0")}`);
    const first = numbers.map((raw) => [formatPhone(raw), phoneHref(raw)]);
    expect(first[42]).toEqual(["450 555-0042", "+14505550042"]);
    expect(numbers.map((raw) => [formatPhone(raw), phoneHref(raw)])).toEqual(first);
    for (const raw of ["poste 12", "poste 12"])
      expect([formatPhone(raw), phoneHref(raw)]).toEqual(["poste 12", null]);
  });
});
