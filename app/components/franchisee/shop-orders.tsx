import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { formatDate, formatDateTime } from "~/domain/time/format-instant";
import { shopMessages } from "~/lib/messages/shop.fr";

const t = shopMessages.franchisee;

export interface FranchiseeShopOrder {
  id: string;
  number: string;
  delivery: "next_wash" | "pickup";
  customerName: string;
  customerEmail: string;
  totalCents: number;
  deliveredAt: Date | string | null;
  washAt: Date | string | null;
  lines: { name: string; quantity: number }[];
}

/** One list of the franchisee's shop orders (to hand over at a wash, to pick up, handed over). */
export function ShopOrderList({
  id,
  title,
  orders,
  handOver = false,
}: {
  id: string;
  title: string;
  orders: FranchiseeShopOrder[];
  handOver?: boolean;
}) {
  return (
    <section className="grid gap-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title} <span className="text-muted-foreground">({orders.length})</span>
      </h2>
      {orders.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.none}</p>
      ) : (
        <ul className="grid gap-3">
          {orders.map((order) => (
            <li key={order.id} className="grid gap-2 rounded-lg border bg-card p-4 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  <span className="font-mono">{order.number}</span> · {order.customerName}
                </p>
                <span className="font-semibold tabular-nums">{formatMoney(order.totalCents)}</span>
              </div>
              <ul className="text-muted-foreground">
                {order.lines.map((line) => (
                  <li key={line.name}>
                    {line.quantity} × {line.name}
                  </li>
                ))}
              </ul>
              <p className="break-words text-muted-foreground">
                {order.deliveredAt
                  ? t.deliveredOn(formatDate(order.deliveredAt, "medium"))
                  : order.washAt
                    ? t.washOn(formatDateTime(order.washAt, "medium"))
                    : null}
                {order.deliveredAt || order.washAt ? " · " : ""}
                <a href={`mailto:${order.customerEmail}`} className="underline-offset-4 hover:underline">
                  {order.customerEmail}
                </a>
              </p>
              {handOver ? (
                <Form method="post">
                  <input type="hidden" name="orderId" value={order.id} />
                  <Button type="submit" name="intent" value="hand-over" size="sm">
                    {t.handOver}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface FranchiseeShopReturn {
  id: string;
  status: "requested" | "accepted" | "refused";
  reason: string | null;
  amountCents: number;
  createdAt: Date | string;
  refundedAt: Date | string | null;
  number: string;
  customerName: string;
}

/** The returns of the franchisee's orders: the ones to decide with their buttons, then the decided. */
export function ShopReturnList({ returns }: { returns: FranchiseeShopReturn[] }) {
  return (
    <section className="grid gap-3" aria-labelledby="shop-returns">
      <h2 id="shop-returns" className="text-lg font-semibold">
        {t.returns}
      </h2>
      {returns.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noReturns}</p>
      ) : (
        <ul className="grid gap-3">
          {returns.map((ret) => (
            <li
              key={ret.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4 text-sm"
            >
              <div className="grid gap-1">
                <p className="font-semibold">
                  <span className="font-mono">{ret.number}</span> · {ret.customerName}
                </p>
                <p className="text-muted-foreground">
                  {formatDate(ret.createdAt, "medium")} · {formatMoney(ret.amountCents)}
                  {ret.reason ? ` · ${ret.reason}` : ""}
                </p>
              </div>
              {ret.status === "requested" ? (
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="returnId" value={ret.id} />
                  <Button type="submit" name="decision" value="accept" size="sm">
                    {shopMessages.returns.accept}
                  </Button>
                  <Button type="submit" name="decision" value="refuse" size="sm" variant="outline">
                    {shopMessages.returns.refuse}
                  </Button>
                </Form>
              ) : (
                <Badge variant={ret.status === "accepted" ? "success" : "secondary"}>
                  {ret.refundedAt ? t.refunded : t.returnStatuses[ret.status]}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
