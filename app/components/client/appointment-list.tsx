import { offersMessages } from "~/lib/messages/offers.fr";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { CalendarDays, ChevronRight, Star } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { BookingPrice } from "~/domain/booking/pricing";
import { formatMoney } from "~/lib/format";
import { formatDateTime, formatTime } from "~/domain/time/format-instant";
import { clientMessages } from "~/lib/messages/client.fr";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";

const t = clientMessages.appointments;

export interface AppointmentItem {
  bookingId: string;
  status: "scheduled" | "completed" | "cancelled" | "no_show";
  start: string;
  end: string;
  zoneName: string;
  serviceName: string;
  cars: number;
  upsells: { name: string; priceCents: number }[];
  priceCents: number;
  price: BookingPrice;
  /** What was paid, refunded or refused online (ADR 079). */
  payments?: {
    id: string;
    kind: "deposit" | "balance" | "charge" | "tip" | "refund" | "gift_card" | "membership";
    status: "succeeded" | "failed";
    amountCents: number;
  }[];
  /** Already reviewed: « Modifier mon avis » rather than « Donner mon avis » (ADR 049). */
  reviewed?: boolean;
}

const money = afterWashMessages;

/** What was paid and refunded online, each with its receipt (ADR 079). */
function PaymentLines({ payments }: { payments: NonNullable<AppointmentItem["payments"]> }) {
  if (payments.length === 0) return null;
  const ok = payments.filter((p) => p.status === "succeeded");
  const paid = ok.filter((p) => p.kind !== "refund").reduce((sum, p) => sum + p.amountCents, 0);
  const refunded = ok.filter((p) => p.kind === "refund").reduce((sum, p) => sum + p.amountCents, 0);
  return (
    <div className="grid gap-1 text-sm">
      <p>
        <span className="font-medium">{money.history.paid(formatMoney(paid))}</span>
        {refunded > 0 ? (
          <span className="text-muted-foreground"> · {money.history.refunded(formatMoney(refunded))}</span>
        ) : null}
        {payments.some((p) => p.status === "failed") ? (
          <span className="text-destructive"> · {money.history.refused}</span>
        ) : null}
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {ok.map((p) => (
          <li key={p.id}>
            <Link
              to={`/client/receipts/${p.id}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {money.history.receipt(money.receipt.kinds[p.kind], formatMoney(p.amountCents))}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const STATUS_VARIANT = {
  scheduled: "default",
  completed: "success",
  cancelled: "secondary",
  no_show: "destructive",
} as const;

export function StatusBadge({ status }: { status: AppointmentItem["status"] }) {
  return <Badge variant={STATUS_VARIANT[status]}>{t.status[status]}</Badge>;
}

/**
 * Bookings with date, service, cars, extras, price and French status, each linking to its manage
 * page (the signed-in owner opens it without the e-mailed token; ADR 025 addendum).
 */
export function AppointmentList({ items, empty }: { items: AppointmentItem[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item.bookingId}>
          <article
            aria-label={t.bookingNumber(item.bookingId)}
            className="grid gap-3 rounded-lg border bg-background p-4 sm:grid-cols-[1fr_auto] sm:items-center"
          >
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <CalendarDays aria-hidden="true" className="size-4 text-primary" />
                <p className="font-semibold first-letter:uppercase">
                  {formatDateTime(item.start)}
                  <span className="font-normal text-muted-foreground"> – {formatTime(item.end)}</span>
                </p>
                <span className="sr-only">{t.statusLabel} :</span>
                <StatusBadge status={item.status} />
              </div>
              <p className="text-sm">
                {item.serviceName} · {t.cars(item.cars)} · {item.zoneName}
              </p>
              <p className="text-sm text-muted-foreground">
                {t.extras} : {item.upsells.length ? item.upsells.map((u) => u.name).join(", ") : t.noExtras}
              </p>
              <p className="text-sm">
                <span className="font-medium">{t.priceBeforeTaxes(formatMoney(item.priceCents))}</span>
                {item.price.discountCents > 0 ? (
                  <span className="text-muted-foreground">
                    {" "}
                    · {offersMessages.promo.clientDiscount(formatMoney(item.price.discountCents))}
                  </span>
                ) : null}
                <span className="text-muted-foreground">
                  {" "}
                  · {t.totalWithTaxes(formatMoney(item.price.totalCents))}
                </span>
              </p>
              {item.payments ? <PaymentLines payments={item.payments} /> : null}
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-2 justify-self-start sm:flex-col sm:items-end sm:justify-self-end">
              <Link
                to={`/booking/manage/${item.bookingId}`}
                aria-label={t.manageOf(item.bookingId)}
                className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {t.manage}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
              {item.status === "completed" ? (
                // Every completed wash can be reviewed (ADR 049); the owner opens it signed in.
                <Link
                  to={`/review/${item.bookingId}`}
                  aria-label={
                    item.reviewed
                      ? reviewsMessages.client.editOf(item.bookingId)
                      : reviewsMessages.client.giveOf(item.bookingId)
                  }
                  className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  <Star aria-hidden="true" className="size-4" />
                  {item.reviewed ? reviewsMessages.client.edit : reviewsMessages.client.give}
                </Link>
              ) : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
