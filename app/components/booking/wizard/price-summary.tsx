import { priceBooking } from "~/domain/booking/pricing";
import { formatMoney } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

const w = messages.wizard;

interface PriceSummaryProps {
  serviceName: string;
  unitPriceCents: number;
  cars: number;
  className?: string;
}

/** The price of the booking: unit price x cars, then TPS and TVQ as separate lines, and the total. */
export function PriceSummary({ serviceName, unitPriceCents, cars, className }: PriceSummaryProps) {
  const price = priceBooking({ unitPriceCents, cars });
  const rows = [
    { label: w.subtotal, value: price.subtotalCents },
    { label: w.tps, value: price.tpsCents },
    { label: w.tvq, value: price.tvqCents },
  ];
  return (
    <section
      aria-labelledby="price-summary-title"
      className={cn("grid gap-4 rounded-lg border bg-card p-4 text-card-foreground sm:p-6", className)}
    >
      <h2 id="price-summary-title" className="text-lg font-semibold">
        {w.summaryTitle}
      </h2>
      <dl className="grid gap-2 text-sm">
        <div className="flex items-start justify-between gap-4">
          <dt>
            <span className="font-medium">{w.serviceLine(serviceName, messages.serviceArea.cars(cars))}</span>
            <span className="block text-muted-foreground">
              {w.unitPrice(formatMoney(unitPriceCents), cars)}
            </span>
          </dt>
          <dd className="tabular-nums">{formatMoney(price.servicesCents)}</dd>
        </div>
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4 border-t pt-2">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="tabular-nums">{formatMoney(row.value)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
          <dt>{w.total}</dt>
          <dd className="tabular-nums">{formatMoney(price.totalCents)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{w.pricesNote}</p>
    </section>
  );
}
