import { Minus, Package, Plus, Search, ShoppingCart, Trash2 } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useFetcher } from "react-router";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toast";
import {
  addToCart,
  ALL_CATEGORIES,
  cartCount,
  cartTotalCents,
  categoriesOf,
  filterCatalogue,
  setQuantity,
  type CartLine,
  type CatalogueItem,
} from "~/domain/franchisee/restock";
import { RESTOCK_LIMITS } from "~/domain/franchisee/schemas";
import type { FranchiseeActionData } from "./action-data";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { formatMoney } from "~/lib/format";

const r = franchiseeMessages.restock;

function ProductGrid({
  items,
  cart,
  onAdd,
}: {
  items: CatalogueItem[];
  cart: CartLine[];
  onAdd: (item: CatalogueItem) => void;
}) {
  if (items.length === 0) {
    return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{r.empty}</p>;
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => {
        const inCart = cart.find((l) => l.inventoryItemId === item.id)?.quantity ?? 0;
        return (
          <li key={item.id}>
            <Card className="h-full">
              <CardHeader>
                <Badge variant="secondary">{item.category}</Badge>
                <CardTitle as="h3">{item.name}</CardTitle>
                <CardDescription>{item.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="text-xl font-bold tabular-nums">
                  {formatMoney(item.unitPriceCents)}{" "}
                  <span className="text-sm font-normal text-muted-foreground">
                    {r.perUnit(item.unitType)}
                  </span>
                </p>
              </CardContent>
              <CardFooter className="mt-auto flex items-center justify-between gap-2">
                <span className="text-sm text-muted-foreground">{inCart > 0 ? r.inCart(inCart) : ""}</span>
                <Button
                  type="button"
                  size="sm"
                  onClick={() => onAdd(item)}
                  aria-label={r.addToCartNamed(item.name)}
                >
                  <Plus aria-hidden="true" />
                  {r.addToCart}
                </Button>
              </CardFooter>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The 'Catalogue de réapprovisionnement' (docs/product.md, sections 2, 4, 5, 8): search over name and
 * description with category tabs, product cards, the cart button (disabled when empty) and the
 * cart dialog. Only ids and quantities are sent; the server prices the order.
 */
export function RestockCatalogue({ items }: { items: CatalogueItem[] }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [cart, setCart] = useState<CartLine[]>([]);
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState("");
  const fetcher = useFetcher<FranchiseeActionData>();
  const submitting = fetcher.state !== "idle";
  const categories = useMemo(() => categoriesOf(items), [items]);
  const count = cartCount(cart);

  // An answer is handled once, while rendering: a success clears the cart and closes the dialog.
  const [handled, setHandled] = useState<FranchiseeActionData | null>(null);
  const answer = fetcher.state === "idle" && fetcher.data?.intent === "order" ? fetcher.data : null;
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.ok) {
      setCart([]);
      setNotes("");
      setOpen(false);
    }
  }
  useEffect(() => {
    if (answer && !answer.ok) {
      toast({ title: r.errorTitle, description: answer.error ?? r.error, variant: "destructive" });
    }
  }, [answer]);

  const submit = () => {
    if (cart.length === 0) return;
    void fetcher.submit(
      {
        intent: "order",
        lines: JSON.stringify(
          cart.map((l) => ({ inventoryItemId: l.inventoryItemId, quantity: l.quantity })),
        ),
        notes: notes.trim(),
      },
      { method: "post" },
    );
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <label htmlFor={`${id}-search`} className="sr-only">
            {r.search}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
          />
          <Input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={r.searchPlaceholder}
            className="pl-9"
          />
        </div>
        <Button type="button" disabled={cart.length === 0} onClick={() => setOpen(true)}>
          <ShoppingCart aria-hidden="true" />
          {r.cartCount(count)}
        </Button>
      </div>

      <Tabs value={category} onValueChange={setCategory}>
        <TabsList aria-label={r.categories}>
          <TabsTrigger value={ALL_CATEGORIES}>{r.all}</TabsTrigger>
          {categories.map((c) => (
            <TabsTrigger key={c} value={c}>
              {c}
            </TabsTrigger>
          ))}
        </TabsList>
        {[ALL_CATEGORIES, ...categories].map((c) => (
          <TabsContent key={c} value={c}>
            <ProductGrid
              items={filterCatalogue(items, { query, category: c })}
              cart={cart}
              onAdd={(item) => setCart((current) => addToCart(current, item))}
            />
          </TabsContent>
        ))}
      </Tabs>

      <Dialog open={open} onOpenChange={(next) => !submitting && setOpen(next)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{r.cartTitle}</DialogTitle>
            <DialogDescription>{r.cartDescription}</DialogDescription>
          </DialogHeader>
          {cart.length === 0 ? (
            <p className="text-sm text-muted-foreground">{r.emptyCart}</p>
          ) : (
            <ul className="grid gap-3">
              {cart.map((line) => (
                <li
                  key={line.inventoryItemId}
                  className="grid gap-2 border-b pb-3 sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <div>
                    <p className="flex items-center gap-2 font-medium">
                      <Package aria-hidden="true" className="size-4 text-muted-foreground" />
                      {line.name}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {formatMoney(line.unitPriceCents)} {r.perUnit(line.unitType)} · {r.lineTotal} :{" "}
                      {formatMoney(line.quantity * line.unitPriceCents)}
                    </p>
                  </div>
                  <div className="flex items-center gap-1">
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      aria-label={`${r.quantity(line.name)} −1`}
                      onClick={() => setCart((c) => setQuantity(c, line.inventoryItemId, line.quantity - 1))}
                    >
                      {line.quantity === 1 ? <Trash2 aria-hidden="true" /> : <Minus aria-hidden="true" />}
                    </Button>
                    <Input
                      type="number"
                      inputMode="numeric"
                      aria-label={r.quantity(line.name)}
                      className="w-20 text-center"
                      min={0}
                      max={RESTOCK_LIMITS.quantity}
                      value={line.quantity}
                      onChange={(event) =>
                        setCart((c) =>
                          setQuantity(
                            c,
                            line.inventoryItemId,
                            Math.min(Number(event.target.value), RESTOCK_LIMITS.quantity),
                          ),
                        )
                      }
                    />
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      aria-label={`${r.quantity(line.name)} +1`}
                      onClick={() =>
                        setCart((c) =>
                          setQuantity(
                            c,
                            line.inventoryItemId,
                            Math.min(line.quantity + 1, RESTOCK_LIMITS.quantity),
                          ),
                        )
                      }
                    >
                      <Plus aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Field label={`${r.notes} (${r.optional})`} id={`${id}-notes`}>
            <Textarea
              id={`${id}-notes`}
              rows={3}
              value={notes}
              maxLength={RESTOCK_LIMITS.notes}
              placeholder={r.notesPlaceholder}
              onChange={(event) => setNotes(event.target.value)}
            />
          </Field>
          <p className="flex justify-between text-lg font-semibold">
            <span>{r.total}</span>
            <span className="tabular-nums">{formatMoney(cartTotalCents(cart))}</span>
          </p>
          <DialogFooter>
            <Button type="button" onClick={submit} disabled={cart.length === 0} loading={submitting}>
              {submitting ? r.submitting : r.submit}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
