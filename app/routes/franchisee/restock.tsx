import { data } from "react-router";

import type { FranchiseeActionData } from "~/components/franchisee/action-data";
import { RestockCatalogue } from "~/components/franchisee/restock-catalogue";
import { Badge } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/data-table";
import { RESTOCK_LIMITS, RestockOrderSchema } from "~/domain/franchisee/schemas";
import { flashHeaders } from "~/server/flash.server";
import {
  listCatalogue,
  listRestockOrders,
  submitRestockOrder,
} from "~/server/services/franchisee/restock.server";
import type { Route } from "./+types/restock";
import { requireFranchisee } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { failureOf } from "~/server/http/failure.server";
import { formatMoney } from "~/lib/format";
import { formatDateTime } from "~/domain/time/format-instant";

const r = franchiseeMessages.restock;

export const meta: Route.MetaFunction = () => [
  { title: r.metaTitle },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const [items, orders] = await Promise.all([
    listCatalogue(db),
    listRestockOrders(db, { franchiseeId: franchisee.id }),
  ]);
  return { items, orders };
}

/** Submits the cart as an order of the signed-in franchisee (ids and quantities only). */
export async function action({ request, url }: Route.ActionArgs) {
  const { franchisee, user, db } = await requireFranchisee({ request, url });
  const formData = await request.formData();
  const failure = (status: number, error: string = r.error) =>
    data<FranchiseeActionData>({ intent: "order", ok: false, error }, { status });
  const tooMuch = r.quantityTooHigh(RESTOCK_LIMITS.quantity);
  let lines: unknown;
  try {
    lines = JSON.parse(String(formData.get("lines") ?? ""));
  } catch {
    return failure(400);
  }
  const parsed = RestockOrderSchema.safeParse({ lines, notes: formData.get("notes") ?? undefined });
  if (!parsed.success) {
    return failure(400, parsed.error.issues.some((issue) => issue.message === tooMuch) ? tooMuch : r.error);
  }
  try {
    await submitRestockOrder(db, { franchiseeId: franchisee.id, userId: user.id, input: parsed.data });
  } catch (error) {
    // QUANTITY_TOO_HIGH says the limit; an unknown item or anything else, the page's sentence.
    const { status, message } = failureOf(error, {
      VALIDATION: r.error,
      NOT_FOUND: r.error,
      UNKNOWN: r.error,
    });
    return failure(status, message);
  }
  return data<FranchiseeActionData>(
    { intent: "order", ok: true },
    { headers: await flashHeaders({ title: r.successTitle, description: r.success }) },
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { items, orders } = loaderData;
  return (
    <div className="grid gap-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{r.title}</h1>
        <p className="text-muted-foreground">{r.description}</p>
      </header>
      <RestockCatalogue items={items} />
      <section aria-labelledby="orders-title" className="grid gap-3">
        <h2 id="orders-title" className="text-xl font-semibold">
          {r.orders}
        </h2>
        {orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">{r.noOrders}</p>
        ) : (
          <DataTable
            label={r.orders}
            caption={r.orders}
            columns={[
              { label: r.orderNumber },
              { label: r.orderDate },
              { label: r.orderItems },
              { label: r.orderTotal, align: "right" as const },
              { label: r.orderStatus },
            ]}
          >
            {orders.map((order) => (
              <tr key={order.id} className="border-t align-top">
                <th scope="row" className="p-3 text-left font-mono font-medium">
                  {order.orderNumber}
                </th>
                <td className="p-3 whitespace-nowrap">{formatDateTime(order.createdAt, "medium")}</td>
                <td className="p-3">
                  <ul>
                    {order.lines.map((line) => (
                      <li key={line.name}>
                        {line.quantity} × {line.name}
                      </li>
                    ))}
                  </ul>
                  {order.notes ? <p className="mt-1 text-muted-foreground">{order.notes}</p> : null}
                </td>
                <td className="p-3 text-right whitespace-nowrap tabular-nums">
                  {formatMoney(order.totalAmountCents)}
                </td>
                <td className="p-3">
                  <Badge variant={order.status === "cancelled" ? "destructive" : "secondary"}>
                    {r.status[order.status]}
                  </Badge>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
