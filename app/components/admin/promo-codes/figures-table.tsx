import { DataTable } from "~/components/ui/data-table";
import { PROMO_CAMPAIGNS, type OfferFigures, type PromoCampaign } from "~/domain/offers/promo";
import { formatMoney } from "~/lib/format";
import { offersMessages } from "~/lib/messages/offers.fr";

const t = offersMessages.admin;
const c = t.columns;

/** Sent, used, bookings, revenue and discounts of each campaign (ADR 057). */
export function CampaignFiguresTable({ campaigns }: { campaigns: Record<PromoCampaign, OfferFigures> }) {
  return (
    <section aria-labelledby="campaigns-title" className="grid gap-3">
      <h2 id="campaigns-title" className="text-xl font-semibold">
        {t.campaignsTitle}
      </h2>
      <DataTable
        label={t.campaignsTitle}
        caption={t.campaignsTitle}
        columns={[
          { label: c.campaign },
          { label: c.sent, align: "right" },
          { label: c.used, align: "right" },
          { label: c.bookings, align: "right" },
          { label: c.revenue, align: "right" },
          { label: c.discounts, align: "right" },
        ]}
      >
        {PROMO_CAMPAIGNS.map((campaign) => {
          const figures = campaigns[campaign];
          return (
            <tr key={campaign} className="border-t">
              <th scope="row" className="p-3 text-left font-medium">
                {t.campaigns[campaign]}
              </th>
              <td className="p-3 text-right tabular-nums">{figures.sent ?? "—"}</td>
              <td className="p-3 text-right tabular-nums">{figures.used}</td>
              <td className="p-3 text-right tabular-nums">{figures.bookings}</td>
              <td className="p-3 text-right tabular-nums">{formatMoney(figures.revenueCents)}</td>
              <td className="p-3 text-right tabular-nums">{formatMoney(figures.discountCents)}</td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
