import { describe, expect, it } from "vitest";
import { escapeAboveLatin1 } from "./one-byte-sources";

const SOURCE = [
  "// Un commentaire – avec « tirets » …",
  "/* et un autre — ici */",
  'export const text = "Réservé… l’été";',
  "export const quoted = '\\—';",
  "export const template = `De ${1 + 1} h – ${`à 3 h…`}`;",
  "export const pattern = /œ+…/u;",
  "export const raw = String.raw`—${'…'}`;",
  'export const emoji = "🚗";',
].join("\n");

const load = async (code: string) =>
  (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as Record<
    string,
    unknown
  >;

describe("escapeAboveLatin1", () => {
  it("leaves a Latin-1 source alone", () => {
    expect(escapeAboveLatin1('const a = "Réservé à l\'été « ici »";')).toBeNull();
  });

  it("escapes literals, templates, regular expressions and comments, with the same values", async () => {
    const escaped = escapeAboveLatin1(SOURCE)!;
    // Only the tagged template's text keeps its character: its tag reads the raw text.
    expect(escaped.match(/[\u0100-\uffff]/g)).toEqual(["—"]);
    const [before, after] = await Promise.all([load(SOURCE), load(escaped)]);
    // A regular expression's `source` shows the escape; it matches the same.
    const { pattern, ...values } = after;
    const { pattern: patternBefore, ...valuesBefore } = before;
    expect(values).toEqual(valuesBefore);
    expect(String(pattern)).toBe(String(patternBefore).replace("œ", "\\u0153").replace("…", "\\u2026"));
    expect(after.text).toBe("Réservé… l’été");
    expect(after.quoted).toBe("—");
    expect(after.template).toBe("De 2 h – à 3 h…");
    expect((pattern as RegExp).test("œœ…")).toBe(true);
    expect((pattern as RegExp).test("oe…")).toBe(false);
    expect(after.raw).toBe("—…");
    expect(after.emoji).toBe("🚗");
  });
});
