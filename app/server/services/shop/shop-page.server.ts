import type { Cart } from "~/domain/shop/shop";
import { getSessionUser } from "../../auth.server";
import type { Db } from "../../db.server";
import { nextWashOf, shopFranchisees } from "./shop.server";

/**
 * Which franchisee's shop a visitor sees: the cart's, else the one of their next wash, else the
 * only one with stock. The list is the selector's.
 */
export async function shopFranchiseeOf(db: Db, request: Request, cart: Cart, now: Date) {
  const list = await shopFranchisees(db);
  const user = await getSessionUser(request);
  let franchiseeId = cart.franchiseeId;
  if (!franchiseeId && user) franchiseeId = (await nextWashOf(db, user, now))?.franchiseeId ?? null;
  if (!franchiseeId && list.length === 1) franchiseeId = list[0]!.id;
  return { list, franchiseeId, user };
}
