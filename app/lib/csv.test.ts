import { describe, expect, it } from "vitest";
import { CSV_BOM, csvAmount, csvCell, csvHeaders, toCsv } from "./csv";

describe("csvCell", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvCell("Granby")).toBe("Granby");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("quotes the separator, quotes, line breaks and edge spaces, doubling quotes", () => {
    expect(csvCell("Lavage; cire")).toBe('"Lavage; cire"');
    expect(csvCell('Le "Signature"')).toBe('"Le ""Signature"""');
    expect(csvCell("ligne 1\nligne 2")).toBe('"ligne 1\nligne 2"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell(" espace")).toBe('" espace"');
    expect(csvCell("1,5", ",")).toBe('"1,5"');
    expect(csvCell("1,5")).toBe("1,5");
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+1 450")).toBe("'+1 450");
    expect(csvCell("@SUM")).toBe("'@SUM");
    expect(csvCell(-5)).toBe("-5");
    // A negative amount stays a number (a refund in a statement), a formula never does.
    expect(csvCell(csvAmount(-1_069))).toBe("-10,69");
    expect(csvCell("-10,69+cmd")).toBe("'-10,69+cmd");
    expect(csvCell("-1+1")).toBe("'-1+1");
  });
});

describe("toCsv", () => {
  it("starts with the UTF-8 BOM and ends every line with CRLF", () => {
    const text = toCsv(
      ["Mois", "Zone", "Revenus ($)"],
      [
        ["2026-11", "Trois-Rivières", csvAmount(14_999)],
        ["2026-11", "Saint-Jean; Québec", csvAmount(0)],
      ],
    );
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe(
      'Mois;Zone;Revenus ($)\r\n2026-11;Trois-Rivières;149,99\r\n2026-11;"Saint-Jean; Québec";0,00\r\n',
    );
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("can leave the BOM out and use another separator", () => {
    expect(toCsv(["a", "b"], [[1, "x,y"]], { bom: false, separator: "," })).toBe('a,b\r\n1,"x,y"\r\n');
  });
});

describe("csvAmount and csvHeaders", () => {
  it("writes cents with a decimal comma", () => {
    expect(csvAmount(123_450)).toBe("1234,50");
    expect(csvAmount(5)).toBe("0,05");
    expect(csvAmount(-2_500)).toBe("-25,00");
  });

  it("names the download in ASCII and in UTF-8", () => {
    const headers = new Headers(csvHeaders("revenus-réseau.csv"));
    expect(headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(headers.get("content-disposition")).toBe(
      "attachment; filename=\"revenus-reseau.csv\"; filename*=UTF-8''revenus-r%C3%A9seau.csv",
    );
  });
});
