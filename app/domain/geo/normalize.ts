/**
 * Matching key for place names (docs/geodata.md, 'Municipality names'): accents removed, case folded,
 * St/Ste expanded to Saint/Sainte, hyphens, apostrophes (' ’ ʼ) and other punctuation treated
 * as spaces, spaces collapsed. "St-Alphonse-de-Granby" and "saint alphonse de granby" give the
 * same key. The key is for matching only, never for display.
 */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: "saint",
  ste: "sainte",
  sts: "saints",
  stes: "saintes",
};

export function normalizePlaceName(text: string): string {
  return placeTokens(text).join(" ");
}

/** The words of a text after normalisation, in order. */
export function placeTokens(text: string): string[] {
  const folded = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss");
  return folded
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== "")
    .map((token) => ABBREVIATIONS[token] ?? token);
}
