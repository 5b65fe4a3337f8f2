import { describe, expect, it } from "vitest";
import { RestockOrderSchema } from "./schemas";
import {
  addToCart,
  ALL_CATEGORIES,
  cartCount,
  cartTotalCents,
  categoriesOf,
  filterCatalogue,
  mergeOrderLines,
  restockOrderNumber,
  setQuantity,
  withinQuantityLimit,
  type CatalogueItem,
} from "./restock";

const items: CatalogueItem[] = [
  {
    id: "1",
    name: "Savon Shampoing",
    description: "Savon pH neutre",
    category: "Nettoyants",
    unitPriceCents: 3450,
    unitType: "bidon",
  },
  {
    id: "2",
    name: "Cire céramique",
    description: "Protection durable",
    category: "Protection",
    unitPriceCents: 5999,
    unitType: "bouteille",
  },
  {
    id: "3",
    name: "Gants",
    description: "Microfibre douce",
    category: "Accessoires",
    unitPriceCents: 1200,
    unitType: "paire",
  },
];

describe("restock catalogue", () => {
  it("lists categories once, in catalogue order", () => {
    expect(categoriesOf([...items, items[0]!])).toEqual(["Nettoyants", "Protection", "Accessoires"]);
  });

  it("searches name and description case-insensitively, combined with the category", () => {
    expect(filterCatalogue(items, { query: "SAVON", category: ALL_CATEGORIES }).map((i) => i.id)).toEqual([
      "1",
    ]);
    expect(
      filterCatalogue(items, { query: "microFIBRE", category: ALL_CATEGORIES }).map((i) => i.id),
    ).toEqual(["3"]);
    expect(filterCatalogue(items, { query: "CÉRAMIQUE", category: "Protection" }).map((i) => i.id)).toEqual([
      "2",
    ]);
    expect(filterCatalogue(items, { query: "savon", category: "Protection" })).toEqual([]);
    expect(filterCatalogue(items, { query: "  ", category: "Accessoires" }).map((i) => i.id)).toEqual(["3"]);
  });
});

describe("restock cart", () => {
  it("adds a line, then one more unit of the same item", () => {
    let cart = addToCart([], items[0]!);
    cart = addToCart(cart, items[0]!);
    cart = addToCart(cart, items[1]!);
    expect(cart.map((l) => [l.inventoryItemId, l.quantity])).toEqual([
      ["1", 2],
      ["2", 1],
    ]);
    expect(cartCount(cart)).toBe(3);
    expect(cartTotalCents(cart)).toBe(2 * 3450 + 5999);
  });

  it("removes the line when the quantity is 0 or less", () => {
    const cart = addToCart(addToCart([], items[0]!), items[1]!);
    expect(setQuantity(cart, "1", 0).map((l) => l.inventoryItemId)).toEqual(["2"]);
    expect(setQuantity(cart, "1", -3).map((l) => l.inventoryItemId)).toEqual(["2"]);
    expect(setQuantity(cart, "1", Number.NaN).map((l) => l.inventoryItemId)).toEqual(["2"]);
    expect(setQuantity(cart, "1", 4.7).find((l) => l.inventoryItemId === "1")?.quantity).toBe(4);
  });

  it("numbers orders 'RO-' plus a timestamp", () => {
    expect(restockOrderNumber(new Date("2026-03-09T14:00:00Z"))).toBe("RO-1773064800000");
  });
});

describe("restock order lines (ADR 043)", () => {
  const a = "00000000-0000-4000-8000-00000000000a";
  const b = "00000000-0000-4000-8000-00000000000b";

  it("merges repeated lines of one product and limits the sum, not each line", () => {
    const lines = [
      { inventoryItemId: a, quantity: 600 },
      { inventoryItemId: b, quantity: 1 },
      { inventoryItemId: a, quantity: 600 },
    ];
    expect(mergeOrderLines(lines)).toEqual([
      { inventoryItemId: a, quantity: 1200 },
      { inventoryItemId: b, quantity: 1 },
    ]);
    expect(withinQuantityLimit(lines, 999)).toBe(false);
    expect(withinQuantityLimit(lines.slice(0, 2), 999)).toBe(true);
  });

  it("refuses in French through the order schema", () => {
    const parsed = RestockOrderSchema.safeParse({
      lines: [
        { inventoryItemId: a, quantity: 999 },
        { inventoryItemId: a, quantity: 1 },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/ne peut pas dépasser 999/);
  });
});
