import { Link, data, useActionData, useSearchParams } from "react-router";
import { ActionButton } from "~/components/admin/confirm-submit";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { Badge } from "~/components/ui/badge";
import { RestockCloseSchema } from "~/domain/admin/schemas";
import { formatMoney } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";
import { cn } from "~/lib/utils";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import {
  closeRestockOrder,
  listRestockOrders,
  type AdminRestockOrder,
} from "~/server/services/admin/manage-restock-orders.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/restock";
import { adminMessages } from "~/lib/messages/admin.fr";

const t = adminMessages.restock;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const open = new URL(request.url).searchParams.get("status") !== "all";
  return { orders: await listRestockOrders(getDb(), { actor, open }), open };
}

export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const parsed = RestockCloseSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: adminMessages.common.invalidRequest }, { status: 400 });
  try {
    const { orderNumber } = await closeRestockOrder(getDb(), { actor, ...parsed.data });
    return redirectWithToast(
      url,
      parsed.data.status === "delivered" ? t.delivered(orderNumber) : t.cancelled(orderNumber),
    );
  } catch (error) {
    const failure = adminFailure(error, { ORDER_CLOSED: t.closed });
    return data({ error: failure.message }, { status: failure.status });
  }
}

const STATUS_BADGE = {
  pending: "default",
  approved: "default",
  shipped: "secondary",
  delivered: "success",
  cancelled: "destructive",
} as const;

export default function RestockPage({ loaderData }: Route.ComponentProps) {
  const { orders, open } = loaderData;
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const tab = (active: boolean) =>
    cn(
      "rounded-md px-3 py-1.5 text-sm font-medium",
      active ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
    );
  return (
    <div className="grid gap-6">
      <PageHeader title={t.title} description={t.description} />
      <nav aria-label={t.filter} className="flex gap-2">
        <Link to="?" className={tab(open)} aria-current={open ? "page" : undefined}>
          {t.open}
        </Link>
        <Link to="?status=all" className={tab(!open)} aria-current={!open ? "page" : undefined}>
          {t.all}
        </Link>
      </nav>
      {actionData?.error ? <FormErrors id="restock-error" errors={[actionData.error]} /> : null}
      {orders.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label={t.title} data-filter={params.get("status") ?? "open"}>
          {orders.map((order) => (
            <li key={order.id}>
              <OrderRow order={order} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OrderRow({ order }: { order: AdminRestockOrder }) {
  const closed = order.status === "delivered" || order.status === "cancelled";
  return (
    <article
      aria-labelledby={`order-${order.id}`}
      className="flex flex-wrap items-center justify-between gap-4 rounded-lg border bg-card p-4 shadow-sm"
    >
      <div className="grid gap-1">
        <h2 id={`order-${order.id}`} className="flex flex-wrap items-center gap-2 font-semibold">
          {order.orderNumber}
          <Badge variant={STATUS_BADGE[order.status]}>{t.statuses[order.status]}</Badge>
        </h2>
        <p className="text-sm text-muted-foreground">
          {order.businessName} · {formatDate(order.createdAt, "medium")}
        </p>
        {order.notes ? <p className="text-sm">{order.notes}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold tabular-nums">{formatMoney(order.totalAmountCents)}</span>
        {closed ? null : (
          <>
            <ActionButton
              fields={{ orderId: order.id, status: "delivered" }}
              size="sm"
              aria-label={`${t.deliver} ${order.orderNumber}`}
            >
              {t.deliver}
            </ActionButton>
            <ActionButton
              fields={{ orderId: order.id, status: "cancelled" }}
              size="sm"
              variant="outline"
              aria-label={`${t.cancel} ${order.orderNumber}`}
              confirm={{
                title: t.cancelTitle(order.orderNumber),
                description: t.cancelText,
                confirmText: t.cancel,
                cancelText: t.keep,
                type: "destructive",
              }}
            >
              {t.cancel}
            </ActionButton>
          </>
        )}
      </div>
    </article>
  );
}
