import type { ReactNode } from "react";

import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PriceLine } from "../price-lines";
import { manageBookingMessages } from "~/lib/messages/manage-booking.fr";
import { cn } from "~/lib/utils";
import { formatDateTime, formatTime } from "./manage-format";
import type { ManagedAppointment } from "./types";

const t = manageBookingMessages;

const STATUS_BADGE = {
  scheduled: "default",
  completed: "success",
  cancelled: "destructive",
  no_show: "secondary",
} as const satisfies Record<
  ManagedAppointment["status"],
  "default" | "success" | "destructive" | "secondary"
>;

/** The booking: service, status, date and time, address, zone, cars, extras and the price with taxes. */
export function BookingDetails({ appointment }: { appointment: ManagedAppointment }) {
  const { customer, price } = appointment;
  const { postalCode } = customer;
  const address =
    postalCode && !customer.address.toUpperCase().includes(postalCode.toUpperCase())
      ? `${customer.address}, ${postalCode}`
      : customer.address;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle as="h2">{appointment.service.name}</CardTitle>
          <CardDescription>{customer.name}</CardDescription>
        </div>
        <Badge variant={STATUS_BADGE[appointment.status]}>
          <span className="sr-only">{t.statusLabel} : </span>
          {t.status[appointment.status]}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Detail label={t.date} className="sm:col-span-2">
            <span
              className={cn(
                "block font-medium first-letter:uppercase",
                appointment.status === "cancelled" && "text-muted-foreground line-through",
              )}
              data-testid="manage-start"
            >
              {t.timeRange(formatDateTime(appointment.start), formatTime(appointment.end))}
            </span>
          </Detail>
          <Detail label={t.address}>{address}</Detail>
          <Detail label={t.zone}>{appointment.zone.name}</Detail>
          <Detail label={t.carsLabel}>{t.cars(appointment.cars)}</Detail>
          <Detail label={t.extras}>
            {appointment.upsells.length > 0 ? appointment.upsells.map((u) => u.name).join(", ") : t.noExtras}
          </Detail>
        </dl>
        <div className="grid gap-2 border-t pt-4 text-sm">
          <h3 className="font-semibold">{t.priceTitle}</h3>
          <dl className="grid gap-1.5">
            <PriceLine label={t.subtotal} cents={price.subtotalCents} />
            <PriceLine label={t.tps} cents={price.tpsCents} muted />
            <PriceLine label={t.tvq} cents={price.tvqCents} muted />
            <PriceLine
              label={t.total}
              cents={price.totalCents}
              className="border-t pt-2 text-base font-semibold"
            />
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}

function Detail({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("grid gap-0.5", className)}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
