/**
 * A price typed by an admin, in dollars, to integer cents: '149,99', '149.99', '149,99 $',
 * '1 234,5' or '149'. Returns null for anything else (negative, more than 2 decimals, letters).
 */
export function parsePriceToCents(text: string): number | null {
  const cleaned = text
    .replace(/\$/g, "")
    .replace(/[\s\u00a0\u202f]/g, "")
    .trim();
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const dollars = Number(match[1]);
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return dollars * 100 + cents;
}

/** Cents as the admin types them back: 14999 -> '149,99' (fr-CA, no currency sign). */
export function centsToPriceInput(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}
