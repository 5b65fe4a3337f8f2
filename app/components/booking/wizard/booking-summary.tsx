import { ChevronUp, CreditCard } from "lucide-react";
import type { ReactNode } from "react";

import { bookingDay, bookingLength, bookingShortDay, bookingTime } from "~/components/booking/booking-time";
import { priceBooking } from "~/domain/booking/pricing";
import type { BookedVehicle } from "~/domain/booking/vehicles";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { discountCents, type PromoKind } from "~/domain/offers/promo";
import { localDate } from "~/domain/time/zoned";
import { inPeriod, memberDiscount } from "~/domain/memberships/memberships";
import { paymentTerms, type ZonePaymentPolicy } from "~/domain/payments/terms";
import { formatMoney } from "~/lib/format";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { paymentSummary } from "~/domain/payments/payment-summary";
import { offersMessages } from "~/lib/messages/offers.fr";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";
import { cn } from "~/lib/utils";

const w = wizardMessages;

export interface SummaryInput {
  serviceName: string;
  unitPriceCents: number;
  cars: number;
  /** Each car with its size class and price (ADR 085), priced by the server. */
  vehicles: readonly BookedVehicle[];
  zoneName: string;
  /** The chosen slot, if any. */
  slot: { start: string; end: string } | null;
  durationMinutes: number;
  address: string;
  extras: readonly { name: string; priceCents: number }[];
  /** An applied promo code (ADR 050): its discount comes off before the taxes. */
  promo?: { code: string; kind: PromoKind; value: number } | null;
  /** The zone's card setting (issue 31, ADR 074); null or absent: paid on site. */
  payment?: ZonePaymentPolicy | null;
  /** The client's membership (ADR 095): its included washes and extras' discount, as the server applies them. */
  member?: { left: number; extrasDiscountBasisPoints: number; periodStart: string; periodEnd: string } | null;
}

/**
 * What the card step will charge today and later, and what a cancellation costs, from the zone's
 * setting and this price (the booking freezes the same terms): the royalty is not the
 * customer's business, so it is left at 0 here.
 */
function PaymentTerms({
  policy,
  price,
}: {
  policy: ZonePaymentPolicy;
  price: ReturnType<typeof summaryPrice>;
}) {
  const terms = paymentTerms(policy, price, 0);
  const lines = paymentSummary(terms);
  return (
    <div className="grid gap-2 rounded-md bg-muted p-3 text-sm" data-testid="summary-payment">
      <p className="flex items-start gap-2">
        <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="grid gap-1">
          <span className="font-medium">{lines.today}</span>
          <span>{lines.later}</span>
        </span>
      </p>
      <ul className="grid list-disc gap-1 pl-6 text-muted-foreground">
        {lines.cancellation.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The summary's price, as the booking will be priced (book-slot): the promo discount on the
 * current subtotal plus a member's (its included washes, dearest cars first, and the extras'
 * discount, when the chosen day is in its paid period), capped at the subtotal; then the taxes.
 */
function summaryPrice(input: SummaryInput) {
  const base = {
    unitPriceCents: input.unitPriceCents,
    cars: input.cars,
    vehicles: input.vehicles,
    upsells: input.extras,
  };
  const plain = priceBooking(base);
  const promo = input.promo ? discountCents(input.promo, plain.subtotalCents) : 0;
  const member =
    input.member &&
    input.slot &&
    inPeriod(localDate(input.slot.start), input.member.periodStart, input.member.periodEnd)
      ? memberDiscount({
          sameService: true,
          carPricesCents:
            input.vehicles.length > 0
              ? input.vehicles.map((car) => car.priceCents)
              : Array<number>(input.cars).fill(input.unitPriceCents),
          upsellsCents: plain.upsellsCents,
          left: input.member.left,
          extrasDiscountBasisPoints: input.member.extrasDiscountBasisPoints,
        }).discountCents
      : 0;
  return priceBooking({ ...base, discountCents: Math.min(plain.subtotalCents, promo + member) });
}

function Row({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right break-words">{children}</dd>
    </div>
  );
}

/**
 * Everything the customer is about to confirm (ADR 044): date, time, length, address, cars,
 * extras, subtotal, TPS, TVQ, total (pricing.ts), and when and how payment happens.
 */
export function BookingSummary({ input, className }: { input: SummaryInput; className?: string }) {
  const price = summaryPrice(input);
  const missing = <span className="text-muted-foreground italic">{w.toChoose}</span>;
  return (
    <section
      aria-labelledby="booking-summary-title"
      data-testid="booking-summary"
      className={cn("grid gap-4 rounded-lg border bg-card p-4 text-card-foreground sm:p-6", className)}
    >
      <h2 id="booking-summary-title" className="text-lg font-semibold">
        {w.summaryTitle}
      </h2>
      <dl className="grid gap-2 text-sm">
        <Row label={w.summaryDate}>
          {input.slot ? (
            <span className="first-letter:uppercase">{bookingDay(input.slot.start)}</span>
          ) : (
            missing
          )}
        </Row>
        <Row label={w.summaryTime}>
          {input.slot ? w.timeRange(bookingTime(input.slot.start), bookingTime(input.slot.end)) : missing}
        </Row>
        <Row label={w.summaryLength}>{bookingLength(input.durationMinutes)}</Row>
        <Row label={w.summaryAddress}>{input.address.trim() || missing}</Row>
        <Row label={w.summaryCars}>
          {serviceAreaMessages.cars(input.cars)}, {input.zoneName}
        </Row>
      </dl>
      <dl className="grid gap-2 border-t pt-3 text-sm">
        <Row label={w.serviceLine(input.serviceName, serviceAreaMessages.cars(input.cars))}>
          <span className="tabular-nums">{formatMoney(price.servicesCents)}</span>
        </Row>
        {/* The price of each car by its size class (ADR 085). */}
        {input.vehicles.map((car, index) => (
          <div
            key={index}
            className="-mt-1 flex items-start justify-between gap-4 pl-3 text-muted-foreground"
            data-testid="summary-vehicle"
          >
            <dt className="min-w-0 break-words">{vehiclesMessages.line(car.sizeClassName, car.label)}</dt>
            <dd className="tabular-nums">{formatMoney(car.priceCents)}</dd>
          </div>
        ))}
        {input.extras.length === 0 ? (
          <Row label={w.summaryExtras}>{w.noExtras}</Row>
        ) : (
          input.extras.map((extra) => (
            <Row key={extra.name} label={extra.name}>
              <span className="tabular-nums">{formatMoney(extra.priceCents)}</span>
            </Row>
          ))
        )}
        <Row label={w.subtotal} className="border-t pt-2">
          <span className="tabular-nums">{formatMoney(price.subtotalCents)}</span>
        </Row>
        {price.discountCents > 0 ? (
          <Row
            label={
              input.promo
                ? offersMessages.promo.discountLine(input.promo.code)
                : messagingMessages.email.labels.discount
            }
          >
            <span className="tabular-nums" data-testid="summary-discount">
              -{formatMoney(price.discountCents)}
            </span>
          </Row>
        ) : null}
        <Row label={w.tps}>
          <span className="tabular-nums" data-testid="summary-tps">
            {formatMoney(price.tpsCents)}
          </span>
        </Row>
        <Row label={w.tvq}>
          <span className="tabular-nums" data-testid="summary-tvq">
            {formatMoney(price.tvqCents)}
          </span>
        </Row>
        <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
          <dt>{w.total}</dt>
          <dd className="tabular-nums" data-testid="summary-total" data-keep-clear>
            {formatMoney(price.totalCents)}
          </dd>
        </div>
      </dl>
      {input.payment && input.payment.mode !== "on_site" ? (
        <PaymentTerms policy={input.payment} price={price} />
      ) : (
        <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
          <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium">{w.paymentTitle} : </span>
            {messagingMessages.email.paymentText}
          </span>
        </p>
      )}
      <p className="text-xs text-muted-foreground">{w.pricesNote}</p>
    </section>
  );
}

/**
 * The phone's compact summary, fixed at the bottom while the form scrolls: the total and the
 * chosen time, and the whole summary one tap away (a native disclosure, no script needed).
 */
export function SummaryBar({ input }: { input: SummaryInput }) {
  const price = summaryPrice(input);
  return (
    <details className="group fixed inset-x-0 bottom-0 z-30 max-h-[85dvh] overflow-y-auto border-t bg-background/95 shadow-lg backdrop-blur lg:hidden">
      <summary
        data-main-action
        className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 px-4 py-2 [&::-webkit-details-marker]:hidden"
      >
        <span className="grid text-sm">
          <span className="font-semibold tabular-nums">{w.barTotal(formatMoney(price.totalCents))}</span>
          <span className="text-muted-foreground">
            {input.slot
              ? `${bookingShortDay(input.slot.start)} · ${bookingTime(input.slot.start)}`
              : `${serviceAreaMessages.cars(input.cars)}, ${input.zoneName}`}
          </span>
        </span>
        <span className="flex items-center gap-1 text-sm font-medium text-primary">
          {w.barToggle}
          <ChevronUp aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </span>
      </summary>
      <div className="px-4 pb-4">
        <BookingSummary input={input} className="border-0 p-0 sm:p-0" />
      </div>
    </details>
  );
}
