import { describe, expect, it } from "vitest";
import { messages } from "~/lib/messages.fr";
import { hasNoNul, refuseNul, stripNul, z } from "~/lib/zod-fr";

const invalid = messages.validation.invalidValue;

describe("refuseNul", () => {
  const schema = refuseNul(z.string().trim().min(1, "Requis"));

  it("accepts text without NUL, unchanged by the refusal", () => {
    expect(schema.parse("  Léa 🚗 ")).toBe("Léa 🚗");
  });

  it("refuses a NUL anywhere in the text with the French message", () => {
    for (const value of ["\u0000", "a\u0000b", "abc\u0000", "\u0000abc"]) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(invalid);
    }
  });

  it("takes another message, and keeps the schema's own type and checks", () => {
    const token = refuseNul(z.string().max(3), "Lien invalide");
    expect(token.safeParse("a\u0000").error?.issues[0]?.message).toBe("Lien invalide");
    expect(token.safeParse("abcd").success).toBe(false);
    expect(refuseNul(z.string()).optional().parse(undefined)).toBeUndefined();
  });

  it("hasNoNul and stripNul", () => {
    expect(hasNoNul("abc")).toBe(true);
    expect(hasNoNul("a\u0000")).toBe(false);
    expect(stripNul("\u0000a\u0000b\u0000")).toBe("ab");
  });
});
