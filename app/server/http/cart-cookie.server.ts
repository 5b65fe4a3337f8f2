import { EMPTY_CART, parseCart, type Cart } from "~/domain/shop/shop";
import { signedCookie } from "../flash.server";

// The shop's cart (ADR 094): a signed cookie of product ids and quantities (no prices: the page
// and the order read today's), so the add-to-cart form works without JavaScript and without an account.

const CART_DAYS = 30;

function cookie() {
  return signedCookie("panier", { maxAge: CART_DAYS * 86_400 });
}

export async function readCart(request: Request): Promise<Cart> {
  try {
    return parseCart(await cookie().parse(request.headers.get("Cookie")));
  } catch {
    return EMPTY_CART;
  }
}

export async function cartHeaders(cart: Cart): Promise<Headers> {
  return new Headers({ "Set-Cookie": await cookie().serialize(cart) });
}
