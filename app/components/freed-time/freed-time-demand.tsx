import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { formatDay } from "~/lib/format";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";

const t = freedTimeMessages.demand;

interface Count {
  zoneName: string;
  day: string;
  count: number;
}

/** « Heures libérées » (ADR 091, amended): counts per zone and day, for the admin or a franchisee. */
export function FreedTimeDemandView({
  intro,
  demand,
}: {
  intro: string;
  demand: { requests: Count[]; offers: Count[]; openRequests: number; withSms: number };
}) {
  const offersSent = demand.offers.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="grid gap-8" data-testid="freed-time-demand">
      <PageHeader title={t.title} description={intro} />
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          [t.openRequests, demand.openRequests],
          [t.withSms, demand.withSms],
          [t.offersSent, offersSent],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <CountTable title={t.requestsTitle} rows={demand.requests} empty={t.noRequests} />
      <CountTable title={t.offersTitle} rows={demand.offers} empty={t.noOffers} />
      <p className="text-sm text-muted-foreground">{t.kept}</p>
    </div>
  );
}

function CountTable({ title, rows, empty }: { title: string; rows: Count[]; empty: string }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-2 font-medium">
                {t.day}
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                {t.zone}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t.count}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.day}-${row.zoneName}`} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-2 text-left font-normal first-letter:uppercase">
                  {formatDay(row.day, "weekday")}
                </th>
                <td className="py-2 pr-2 break-words">{row.zoneName}</td>
                <td className="py-2 text-right tabular-nums">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
