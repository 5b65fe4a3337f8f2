const money = new Intl.NumberFormat("fr-CA", { style: "currency", currency: "CAD" });

/** 14999 -> '149,99 $' (fr-CA). Money is integer cents everywhere. */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}
