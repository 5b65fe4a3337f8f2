import { CreditCard } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { bookingSuccessMessages } from "~/lib/messages/booking-success.fr";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { bookingDay, bookingTime } from "../booking-time";
import { DiscountLine, PriceLine } from "../price-lines";
import type { Appointment } from "./appointment-lookup";

const t = bookingSuccessMessages;

/** The address as the e-mails show it: with the postal code when the address lacks it. */
export function serviceAddressOf(address: string, postalCode: string | null): string {
  if (!postalCode || address.replace(/\s/g, "").toUpperCase().includes(postalCode.replace(/\s/g, ""))) {
    return address;
  }
  return `${address} ${postalCode}`;
}

/** What was booked, as booked: the same figures as the confirmation e-mail. */
export function BookingDetails({
  appointment,
  address,
  paymentText,
}: {
  appointment: Appointment;
  address: string | undefined;
  /** How this booking is paid when not on site (a deposit or a card kept, ADR 074). */
  paymentText?: string;
}) {
  const rows: [string, string][] = [
    [t.date, bookingDay(appointment.start)],
    [t.time, `${bookingTime(appointment.start)} à ${bookingTime(appointment.end)}`],
    ...(address ? ([[t.address, address]] as [string, string][]) : []),
    [t.cars, `${serviceAreaMessages.cars(appointment.cars)} · ${appointment.zone.name}`],
  ];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">{t.detailsTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-2 text-sm" data-testid="booking-details">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right break-words first-letter:uppercase" data-testid={`booking-${label}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <dl className="grid gap-2 border-t pt-3 text-sm" aria-live="polite">
          <PriceLine label={t.services(appointment.cars)} cents={appointment.price.servicesCents} />
          {appointment.upsells.length === 0 ? (
            <div className="flex justify-between gap-4">
              <dt>{t.extras}</dt>
              <dd>{t.noExtras}</dd>
            </div>
          ) : (
            appointment.upsells.map((extra) => (
              <PriceLine key={extra.name} label={extra.name} cents={extra.priceCents} />
            ))
          )}
          <PriceLine
            label={t.subtotal}
            cents={appointment.price.subtotalCents}
            className="border-t pt-2 font-medium"
          />
          <DiscountLine
            code={appointment.promoCode}
            cents={appointment.price.discountCents}
            testId="success-discount"
          />
          <PriceLine label={t.tps} cents={appointment.price.tpsCents} muted testId="success-tps" />
          <PriceLine label={t.tvq} cents={appointment.price.tvqCents} muted testId="success-tvq" />
          <PriceLine
            label={t.total}
            cents={appointment.price.totalCents}
            className="border-t pt-2 text-base font-semibold"
            testId="success-total"
          />
        </dl>
        <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
          <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium">{t.paymentTitle} : </span>
            {paymentText ?? messagingMessages.email.paymentText}
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
