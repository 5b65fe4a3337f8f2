import { ArrowLeft } from "lucide-react";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { receiptLines, type ReceiptLineKey } from "~/domain/payments/receipt";
import { BUSINESS } from "~/lib/business";
import { formatMoney } from "~/lib/format";
import { formatDateTime } from "~/domain/time/format-instant";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import { clientMessages } from "~/lib/messages/client.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { loadClient } from "~/server/services/account/client-owner.server";
import { loadReceipt } from "~/server/services/payments/receipts.server";
import { membershipsMessages } from "~/lib/messages/memberships.fr";
import type { Route } from "./+types/receipt";

const r = afterWashMessages.receipt;

export const meta: Route.MetaFunction = () => [
  { title: `${r.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** One receipt of a booking the client owns (ADR 079); anyone else's reads 404. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const db = getDb();
  const receipt = await loadReceipt(db, params.paymentId, { owner: await loadClient(db, user.id) });
  if (!receipt) throw data(null, { status: 404 });
  const refund = receipt.kind === "refund";
  const labels: Record<ReceiptLineKey, string> = {
    subtotal: r.subtotal,
    tps: r.tps,
    tvq: r.tvq,
    tip: r.tip,
    total: refund ? r.totalRefunded : r.total,
  };
  const heading = r.heading(receipt);
  return {
    // A membership's receipt goes back to the membership's page (ADR 095), a booking's to the history.
    back: receipt.membership
      ? { to: "/client/abonnement", label: membershipsMessages.title }
      : { to: "/client/history", label: clientMessages.history.title },
    title: heading.subject,
    intro: heading.intro,
    details: [
      [r.number, receipt.paymentId.slice(0, 8).toUpperCase()],
      [r.date, formatDateTime(receipt.settledAt)],
      ...heading.about,
      ...vehiclesMessages.rows(receipt.vehicles),
      [r.seller, BUSINESS.name],
      [r.tpsNumber, receipt.tpsNumber ?? r.notRegistered],
      [r.tvqNumber, receipt.tvqNumber ?? r.notRegistered],
    ] as [string, string][],
    amounts: receiptLines(receipt).map(
      ({ key, cents }) => [labels[key], formatMoney(cents), key === "total"] as const,
    ),
    method: r.methodText(refund, receipt.method),
  };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { back, title, intro, details, amounts, method } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to={back.to}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 text-muted-foreground">{intro}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <table className="w-full text-sm">
        <caption className="sr-only">{r.title}</caption>
        <tbody>
          {amounts.map(([label, value, total]) => (
            <tr key={label} className={total ? "border-t font-semibold" : "border-t"}>
              <th scope="row" className="py-2 pr-4 text-left font-medium">
                {label}
              </th>
              <td className="py-2 text-right tabular-nums">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm">{method}</p>
      <p className="text-sm text-muted-foreground">{r.keep}</p>
    </div>
  );
}
