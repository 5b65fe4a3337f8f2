/** The restock catalogue and cart rules (docs/product.md, sections 4 and 5). Prices are integer cents. */

export interface CatalogueItem {
  id: string;
  name: string;
  description: string;
  category: string;
  unitPriceCents: number;
  unitType: string;
}

export interface CartLine {
  inventoryItemId: string;
  quantity: number;
  unitPriceCents: number;
  name: string;
  unitType: string;
}

/** The 'all' tab of the category filter. */
export const ALL_CATEGORIES = "all";

/** Categories in catalogue order, each once. */
export function categoriesOf(items: readonly CatalogueItem[]): string[] {
  return [...new Set(items.map((i) => i.category))];
}

function fold(text: string): string {
  return text.toLocaleLowerCase("fr-CA");
}

/** Search over name and description (case-insensitive), combined with the category tab. */
export function filterCatalogue<T extends CatalogueItem>(
  items: readonly T[],
  { query, category }: { query: string; category: string },
): T[] {
  const q = fold(query.trim());
  return items.filter(
    (item) =>
      (category === ALL_CATEGORIES || item.category === category) &&
      (q === "" || fold(item.name).includes(q) || fold(item.description).includes(q)),
  );
}

/** Adds one unit of an item (a new line when absent). */
export function addToCart(cart: readonly CartLine[], item: CatalogueItem): CartLine[] {
  const line = cart.find((l) => l.inventoryItemId === item.id);
  if (line) return setQuantity(cart, item.id, line.quantity + 1);
  return [
    ...cart,
    {
      inventoryItemId: item.id,
      quantity: 1,
      unitPriceCents: item.unitPriceCents,
      name: item.name,
      unitType: item.unitType,
    },
  ];
}

/** docs/product.md, section 4: a quantity of 0 or less removes the line; anything else is rounded down. */
export function setQuantity(
  cart: readonly CartLine[],
  inventoryItemId: string,
  quantity: number,
): CartLine[] {
  const q = Number.isFinite(quantity) ? Math.floor(quantity) : 0;
  if (q <= 0) return cart.filter((l) => l.inventoryItemId !== inventoryItemId);
  return cart.map((l) => (l.inventoryItemId === inventoryItemId ? { ...l, quantity: q } : l));
}

export function cartCount(cart: readonly CartLine[]): number {
  return cart.reduce((n, l) => n + l.quantity, 0);
}

export function cartTotalCents(lines: readonly { quantity: number; unitPriceCents: number }[]): number {
  return lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
}

/** docs/product.md, section 3: 'RO-' plus a timestamp (milliseconds since 1970, UTC). */
export function restockOrderNumber(now: Date): string {
  return `RO-${now.getTime()}`;
}

/**
 * The lines of an order with each product once: repeated lines of one product add up, so the
 * per-product maximum holds however the request splits it (ADR 043). First-seen order kept.
 */
export function mergeOrderLines(
  lines: readonly { inventoryItemId: string; quantity: number }[],
): { inventoryItemId: string; quantity: number }[] {
  const quantities = new Map<string, number>();
  for (const line of lines) {
    quantities.set(line.inventoryItemId, (quantities.get(line.inventoryItemId) ?? 0) + line.quantity);
  }
  return [...quantities].map(([inventoryItemId, quantity]) => ({ inventoryItemId, quantity }));
}

/** Whether every product's total quantity is at most `max`. */
export function withinQuantityLimit(
  lines: readonly { inventoryItemId: string; quantity: number }[],
  max: number,
): boolean {
  return mergeOrderLines(lines).every((line) => line.quantity <= max);
}
