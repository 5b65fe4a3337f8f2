import { TableScroller } from "~/components/ui/data-table";
import { cn } from "~/lib/utils";
import { clientMessages } from "~/lib/messages/client.fr";
import { formatNumber } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";

const t = clientMessages.ledger;

export interface LedgerItem {
  id: string;
  delta: number;
  balanceAfter: number;
  reason: keyof typeof t.reasons;
  createdAt: string;
  bookingId: string | null;
  rewardName: string | null;
  achievementName: string | null;
}

function detail(item: LedgerItem): string | null {
  const parts = [
    item.rewardName,
    item.bookingId ? t.forBooking(item.bookingId) : null,
    item.achievementName && item.reason !== "welcome" ? item.achievementName : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

/** 'Historique des points': every change of the balance, newest first, so the balance is explained. */
export function PointsHistory({ items }: { items: LedgerItem[] }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <TableScroller label={t.table}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t.title}</caption>
        <thead className="text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t.columns.date}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t.columns.reason}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t.columns.delta}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t.columns.balance}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const more = detail(item);
            return (
              <tr key={item.id} className="border-b last:border-0">
                <td className="py-2 pr-3 whitespace-nowrap">{formatDate(item.createdAt)}</td>
                <td className="py-2 pr-3">
                  {t.reasons[item.reason]}
                  {more ? <span className="block text-xs text-muted-foreground">{more}</span> : null}
                </td>
                <td
                  className={cn(
                    "py-2 pr-3 text-right font-semibold whitespace-nowrap tabular-nums",
                    item.delta > 0 ? "text-success" : "text-destructive",
                  )}
                >
                  {t.delta(item.delta)}
                </td>
                <td className="py-2 text-right whitespace-nowrap tabular-nums">
                  {formatNumber(item.balanceAfter)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}
