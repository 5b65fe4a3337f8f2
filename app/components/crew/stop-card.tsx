import { MessageSquare, Navigation, Phone, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

import { formatTime } from "~/domain/time/format-instant";
import { crewMessages } from "~/lib/messages/crew.fr";
import { formatPhone } from "~/lib/phone";

const t = crewMessages.day;

export interface CrewStopView {
  id: string;
  bookingId: string;
  status: "scheduled" | "completed";
  startAt: string | Date;
  endAt: string | Date;
  customerName: string;
  customerPhone: string;
  cars: number;
  notes: string | null;
  address: string;
  city: string | null;
  extras: string[];
  driveMinutes: number | null;
  lateMinutes: number;
}

/** 75 -> '1 h 15', 40 -> '40 min'. */
export function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest === 0 ? "" : ` ${String(rest).padStart(2, "0")}`}`;
}

/** One tap to the phone's maps app: a universal directions link (Google Maps opens it everywhere). */
function directionsHref(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&${new URLSearchParams({ destination: address })}`;
}

const action =
  "inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-md border bg-background px-3 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** A stop of the crew's day: when, where (one-tap directions), who (call, text), what. */
export function StopCard({
  stop,
  number,
  driveText,
  children,
}: {
  stop: CrewStopView;
  number: number;
  driveText: string;
  children?: ReactNode;
}) {
  const place =
    stop.city && !stop.address.includes(stop.city) ? `${stop.address}, ${stop.city}` : stop.address;
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground" data-testid="crew-stop">
      <p className="text-sm text-muted-foreground" data-testid="drive">
        {driveText}
      </p>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">
          <span className="tabular-nums">
            {number}. {formatTime(stop.startAt)} – {formatTime(stop.endAt)}
          </span>{" "}
          · {stop.customerName}
        </h2>
        <p className="break-words">{place}</p>
        {stop.lateMinutes > 0 ? (
          <p className="flex items-center gap-1 text-sm font-medium text-destructive">
            <TriangleAlert aria-hidden="true" className="size-4" />
            {t.late(stop.lateMinutes)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <a className={action} href={directionsHref(place)} aria-label={t.directionsLabel(place)}>
          <Navigation aria-hidden="true" className="size-4" />
          {t.directions}
        </a>
        <a className={action} href={`tel:${stop.customerPhone}`} aria-label={t.callLabel(stop.customerName)}>
          <Phone aria-hidden="true" className="size-4" />
          {t.call}
        </a>
        <a className={action} href={`sms:${stop.customerPhone}`} aria-label={t.textLabel(stop.customerName)}>
          <MessageSquare aria-hidden="true" className="size-4" />
          {t.text}
        </a>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{formatPhone(stop.customerPhone)}</dt>
        <dd>{t.cars(stop.cars)}</dd>
        <dt className="text-muted-foreground">{t.extras}</dt>
        <dd>{stop.extras.length > 0 ? stop.extras.join(", ") : t.noExtras}</dd>
        {stop.notes ? (
          <>
            <dt className="text-muted-foreground">{t.notes}</dt>
            <dd className="break-words whitespace-pre-line">{stop.notes}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </li>
  );
}
