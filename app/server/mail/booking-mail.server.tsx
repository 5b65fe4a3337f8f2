/** The booking e-mails (confirmation, change, cancellation, reminder) and their .ics file. */
import { priceBooking } from "~/domain/booking/pricing";
import type { BookedVehicle } from "~/domain/booking/vehicles";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { buildIcs } from "~/domain/messaging/ics";
import { BUSINESS } from "~/lib/business";
import { formatMoney } from "~/lib/format";
import { offersMessages } from "~/lib/messages/offers.fr";
import { bookingPaymentMessages } from "~/lib/messages/booking-payment.fr";
import {
  Button,
  formatMailDate,
  formatMailTime,
  m,
  Paragraph,
  renderMail,
  Rows,
  SmallNote,
  type RenderedMail,
} from "./layout.server";

/** An appointment as the booking e-mails show it. */
export interface BookingMailData {
  appointmentId: string;
  bookingId: string;
  customerName: string;
  customerEmail: string;
  startAt: Date;
  endAt: Date;
  address: string;
  postalCode: string | null;
  serviceName: string;
  cars: number;
  unitPriceCents: number;
  /** Each car with its size class and price (ADR 085); null or absent: a bare count. */
  vehicles?: readonly BookedVehicle[] | null;
  upsells: { name: string; priceCents: number }[];
  /** The promo discount (cents, before taxes; ADR 050) and its code. */
  discountCents?: number;
  promoCode?: string | null;
  createdAt: Date;
}

/** The price of a booking e-mail: the discount comes off before the taxes. */
function bookingMailPrice(booking: BookingMailData) {
  return priceBooking({
    unitPriceCents: booking.unitPriceCents,
    cars: booking.cars,
    vehicles: booking.vehicles,
    upsells: booking.upsells,
    discountCents: booking.discountCents ?? 0,
  });
}

/** 'released': a booking whose card step did not finish in its hold (ADR 074). */
/** 'payment-link': a booking made by the API or the assistant, awaiting its card (ADR 074). */
export type BookingMailKind =
  "confirmation" | "changed" | "cancelled" | "reminder" | "released" | "payment-link";

/** The one-line service address: the address as typed and the postal code when it lacks it. */
export function serviceAddress(b: Pick<BookingMailData, "address" | "postalCode">): string {
  if (!b.postalCode || b.address.replace(/\s/g, "").toUpperCase().includes(b.postalCode.replace(/\s/g, ""))) {
    return b.address;
  }
  return `${b.address} ${b.postalCode}`;
}

/** The discount line's label: 'Rabais (CODE)', or 'Rabais' without a known code. */
function discountLabel(code: string | null | undefined): string {
  return code ? offersMessages.promo.discountLine(code) : m.labels.discount;
}

/**
 * The service and its cars: a bare count as before ('149,99 $ × 2 véhicules'); cars chosen by
 * size class (ADR 085) one row each, with their price.
 */
function serviceRows(booking: BookingMailData): [string, string][] {
  const l = m.labels;
  if (!booking.vehicles) {
    return [
      [
        l.service,
        `${booking.serviceName} (${formatMoney(booking.unitPriceCents)} × ${m.cars(booking.cars)})`,
      ],
      [l.cars, m.cars(booking.cars)],
    ];
  }
  return [
    [l.service, booking.serviceName],
    [l.cars, m.cars(booking.cars)],
    ...vehiclesMessages.rows(booking.vehicles),
  ];
}

/** The rows of the booking's summary: when, where, what, and the price with its taxes. */
function bookingRows(booking: BookingMailData): [string, string][] {
  const price = bookingMailPrice(booking);
  const l = m.labels;
  const extras =
    booking.upsells.length === 0
      ? l.noExtras
      : booking.upsells.map((u) => `${u.name} (${formatMoney(u.priceCents)})`).join(", ");
  return [
    [l.bookingId, booking.bookingId],
    [l.date, formatMailDate(booking.startAt)],
    [l.time, `${formatMailTime(booking.startAt)} – ${formatMailTime(booking.endAt)}`],
    [l.address, serviceAddress(booking)],
    ...serviceRows(booking),
    [l.extras, extras],
    [l.subtotal, formatMoney(price.subtotalCents)],
    ...(price.discountCents > 0
      ? ([[discountLabel(booking.promoCode), `-${formatMoney(price.discountCents)}`]] as [string, string][])
      : []),
    [l.tps, formatMoney(price.tpsCents)],
    [l.tvq, formatMoney(price.tvqCents)],
    [l.total, formatMoney(price.totalCents)],
  ];
}

/** The booking e-mails; confirmation and change carry the .ics, the cancellation cancels it. */
export function renderBookingMail(
  kind: BookingMailKind,
  booking: BookingMailData,
  {
    manageUrl,
    now,
    publicUrl,
    unsubscribeUrl,
    payment,
    paymentNote,
  }: {
    /** How a booking in a card zone is paid (ADR 074), instead of the on-site note. */
    paymentNote?: string;
    /** The payment page's link and the hold's end, for 'payment-link'. */
    payment?: { url: string; holdUntil: Date };
    manageUrl?: string;
    now: Date;
    publicUrl: string;
    /** The customer's way out of offers by e-mail (the booking gave implied consent to them). */
    unsubscribeUrl?: string;
  },
): RenderedMail {
  const date = formatMailDate(booking.startAt);
  const time = formatMailTime(booking.startAt);
  const rows = bookingRows(booking);
  const copy = {
    confirmation: { subject: m.confirmation.subject(date), intro: m.confirmation.intro },
    changed: { subject: m.changed.subject(date), intro: m.changed.intro },
    cancelled: { subject: m.cancelled.subject(date), intro: m.cancelled.intro },
    reminder: { subject: m.reminder.subject(time), intro: m.reminder.intro },
    released: {
      subject: bookingPaymentMessages.released.subject(date),
      intro: bookingPaymentMessages.released.intro,
    },
    "payment-link": {
      subject: bookingPaymentMessages.payLink.subject(date),
      intro: bookingPaymentMessages.payLink.intro(payment ? formatMailTime(payment.holdUntil) : ""),
    },
  }[kind];
  if (kind === "payment-link" && payment) {
    return renderPaymentLink(copy, rows, payment.url, unsubscribeUrl, booking);
  }
  const cancelled = kind === "cancelled" || kind === "released";
  // A released booking never had its event: nothing to remove from a calendar.
  const withIcs = kind !== "reminder" && kind !== "released" && kind !== "payment-link";
  const rebookUrl = `${publicUrl}/booking`;

  const text = [
    m.greeting(booking.customerName),
    "",
    copy.intro,
    "",
    ...rows.map(([label, value]) => `${label} : ${value}`),
    "",
    m.pricesNote,
    "",
    ...(cancelled ? [] : [paymentNote ?? m.paymentNote, ""]),
    ...(cancelled
      ? [`${m.cancelled.rebook} : ${rebookUrl}`, ""]
      : manageUrl
        ? [`${m.manageLink} : ${manageUrl}`, m.manageNote, ""]
        : []),
    ...(withIcs ? [m.calendarNote, ""] : []),
    m.callUs,
    "",
  ];
  const html = (
    <>
      <Paragraph>{m.greeting(booking.customerName)}</Paragraph>
      <Paragraph>{copy.intro}</Paragraph>
      <Rows rows={rows} ruled />
      <SmallNote>{m.pricesNote}</SmallNote>
      {!cancelled && <Paragraph>{paymentNote ?? m.paymentNote}</Paragraph>}
      {cancelled ? (
        <Button href={rebookUrl}>{m.cancelled.rebook}</Button>
      ) : (
        manageUrl && (
          <>
            <Button href={manageUrl}>{m.manageLink}</Button>
            <Paragraph>{m.manageNote}</Paragraph>
          </>
        )
      )}
      {withIcs && <Paragraph>{m.calendarNote}</Paragraph>}
      <Paragraph>{m.callUs}</Paragraph>
    </>
  );

  const rendered = renderMail({ title: copy.subject, html, text, transactional: true, unsubscribeUrl });
  const attachments = withIcs
    ? [
        {
          filename: m.icsFileName,
          contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "PUBLISH"}`,
          content: bookingIcs(booking, { kind, manageUrl, now }),
        },
      ]
    : undefined;
  return { subject: copy.subject, ...rendered, attachments };
}

/** The appointment as an iCalendar event: one UID per appointment, a sequence that grows. */
export function bookingIcs(
  booking: BookingMailData,
  { kind, manageUrl, now }: { kind: BookingMailKind; manageUrl?: string; now: Date },
): string {
  const price = bookingMailPrice(booking);
  return buildIcs({
    uid: `${booking.appointmentId}@lavageprestige.ca`,
    stamp: now,
    start: booking.startAt,
    end: booking.endAt,
    summary: m.icsSummary(booking.serviceName),
    location: serviceAddress(booking),
    description: [
      m.icsDescription(
        booking.bookingId,
        formatMoney(price.totalCents),
        booking.upsells.length === 0 ? m.labels.noExtras : booking.upsells.map((u) => u.name).join(", "),
        manageUrl,
        price.discountCents > 0
          ? offersMessages.promo.discountText(formatMoney(price.discountCents), booking.promoCode ?? "")
          : undefined,
      ),
      // Each car and its price (ADR 085), after the booking's own lines.
      ...(booking.vehicles
        ? vehiclesMessages.rows(booking.vehicles).map(([label, value]) => `${label} : ${value}`)
        : []),
    ].join("\n"),
    url: manageUrl,
    sequence:
      kind === "confirmation"
        ? 0
        : Math.max(1, Math.floor((now.getTime() - booking.createdAt.getTime()) / 1000)),
    status: kind === "cancelled" ? "CANCELLED" : "CONFIRMED",
    organizer: { name: BUSINESS.name, email: BUSINESS.email },
    attendee: { name: booking.customerName, email: booking.customerEmail },
  });
}

/** The e-mail of a booking awaiting its card: the details, the hold, the payment page's link. */
function renderPaymentLink(
  copy: { subject: string; intro: string },
  rows: [string, string][],
  url: string,
  unsubscribeUrl: string | undefined,
  booking: BookingMailData,
): RenderedMail {
  const button = bookingPaymentMessages.payLink.button;
  const text = [
    m.greeting(booking.customerName),
    "",
    copy.intro,
    "",
    `${button} : ${url}`,
    "",
    ...rows.map(([label, value]) => `${label} : ${value}`),
    "",
    m.pricesNote,
    "",
    m.callUs,
    "",
  ];
  const html = (
    <>
      <Paragraph>{m.greeting(booking.customerName)}</Paragraph>
      <Paragraph>{copy.intro}</Paragraph>
      <Button href={url}>{button}</Button>
      <Rows rows={rows} ruled />
      <SmallNote>{m.pricesNote}</SmallNote>
      <Paragraph>{m.callUs}</Paragraph>
    </>
  );
  return {
    subject: copy.subject,
    ...renderMail({ title: copy.subject, html, text, transactional: true, unsubscribeUrl }),
  };
}
