import { priceLinesOf } from "~/domain/payments/terms";
import { formatDay } from "~/lib/format";
import { formatTime } from "~/domain/time/format-instant";
import { dollarsToCents } from "~/domain/payments/tip-form";
import { shopMessages } from "~/lib/messages/shop.fr";
import { z } from "~/lib/zod-fr";
import { localDate } from "~/domain/time/zoned";

// The shop's rules (issue 34, item 4; ADR 094), pure: the cart's cookie, the forms' schemas
// (shared by the page and the server), an order's lines and taxes, and the return window.

const e = shopMessages.errors;

export const CART_MAX_LINES = 20;
export const LINE_MAX_QUANTITY = 10;
/** The terms: unused, unopened products come back within 14 days of their delivery. */
export const RETURN_DAYS = 14;

export interface CartLine {
  itemId: string;
  quantity: number;
}
export interface Cart {
  franchiseeId: string | null;
  lines: CartLine[];
}

export const EMPTY_CART: Cart = { franchiseeId: null, lines: [] };

const uuid = z.string().regex(/^[0-9a-f-]{36}$/);

const CartSchema = z.object({
  franchiseeId: uuid.nullable(),
  lines: z
    .array(z.object({ itemId: uuid, quantity: z.number().int().min(1).max(LINE_MAX_QUANTITY) }))
    .max(CART_MAX_LINES),
});

/** The cart's cookie value (JSON), read defensively: anything odd is an empty cart. */
export function parseCart(value: unknown): Cart {
  const parsed = CartSchema.safeParse(value);
  return parsed.success ? parsed.data : EMPTY_CART;
}

/** Sets a line's quantity (0 removes it); a cart holds one franchisee's products. */
export function setLine(cart: Cart, itemId: string, quantity: number, add = false): Cart {
  const current = cart.lines.find((line) => line.itemId === itemId)?.quantity ?? 0;
  const next = Math.min(LINE_MAX_QUANTITY, Math.max(0, add ? current + quantity : quantity));
  const others = cart.lines.filter((line) => line.itemId !== itemId);
  const lines = next > 0 ? [...others, { itemId, quantity: next }] : others;
  return { ...cart, lines: lines.slice(0, CART_MAX_LINES) };
}

export function cartCount(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + line.quantity, 0);
}

export const QuantitySchema = z.coerce
  .number({ error: e.quantity })
  .int(e.quantity)
  .min(1, e.quantity)
  .max(LINE_MAX_QUANTITY, e.quantity);

export const AddToCartSchema = z.object({ itemId: uuid, quantity: QuantitySchema });

export const CheckoutSchema = z.object({
  delivery: z.enum(["next_wash", "pickup"], { error: e.delivery }),
  key: uuid,
});

export const ReturnRequestSchema = z.object({
  key: uuid,
  reason: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((value) => (value ? value : null)),
});

/** The return form's quantities (`qty-<order line id>`), 0 to 10 each; null if one is not. */
export function returnQuantitiesOf(form: Record<string, unknown>): Map<string, number> | null {
  const wanted = new Map<string, number>();
  for (const [name, value] of Object.entries(form)) {
    if (!name.startsWith("qty-")) continue;
    const id = uuid.safeParse(name.slice(4));
    const quantity = z.coerce.number().int().min(0).max(LINE_MAX_QUANTITY).safeParse(value);
    if (!id.success || !quantity.success) return null;
    if (quantity.data > 0) wanted.set(id.data, quantity.data);
  }
  return wanted;
}

export const ReturnDecisionSchema = z.object({
  returnId: uuid,
  decision: z.enum(["accept", "refuse"]),
});

/** The admin's retail form for one catalogue item. */
export const RetailSchema = z.object({
  itemId: uuid,
  isRetail: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  price: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const cents = dollarsToCents(value);
      if (cents === null || cents <= 0 || cents > 100_000_00) {
        ctx.addIssue({ code: "custom", message: e.price });
        return z.NEVER;
      }
      return cents;
    }),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, e.slug)
    .max(80, e.slug),
});

export const StockSchema = z.object({
  itemId: uuid,
  franchiseeId: uuid,
  quantity: z.coerce.number({ error: e.stock }).int(e.stock).min(0, e.stock).max(9_999, e.stock),
});

/** The franchisee's own stock form: the product and the count (the franchisee is the session's). */
export const OwnStockSchema = StockSchema.omit({ franchiseeId: true });

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** The deliveries a franchisee offers: at least one. */
export const DeliveriesSchema = z
  .object({ nextWash: checkbox, pickup: checkbox })
  .refine((value) => value.nextWash || value.pickup, { message: e.noDelivery });

export const HandOverSchema = z.object({ orderId: uuid });

/** An order's lines before taxes, and its taxes (TPS, TVQ) as a booking's are computed. */
export function orderTotals(lines: { unitPriceCents: number; quantity: number }[]) {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const { tpsCents, tvqCents, totalCents } = priceLinesOf(subtotal);
  return { subtotalCents: subtotal, tpsCents, tvqCents, totalCents };
}

/** A return may be asked until 14 days after the delivery (or the payment, for an order not delivered yet). */
export function returnOpen(
  order: { status: string; paidAt: Date | null; deliveredAt: Date | null },
  now: Date,
) {
  if (order.status !== "paid" && order.status !== "delivered") return false;
  const from = order.deliveredAt ?? order.paidAt;
  if (!from) return false;
  return now.getTime() - from.getTime() <= RETURN_DAYS * 86_400_000;
}

/** An order's number as shown: B- and 6 characters of its id, upper case. */
export function orderNumberOf(id: string): string {
  return `B-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** A wash's day and time in Quebec, as the cart and the order say it: « mardi 9 juin à 10 h ». */
export function washWhen(startAt: Date | string): string {
  return `${formatDay(localDate(new Date(startAt)), "weekday")} à ${formatTime(startAt).replace(/ h 00$/, " h")}`;
}
