/**
 * The French e-mails (HTML and plain text). Text comes from messages.messaging; every e-mail
 * names the sender (business name, postal address, phone, e-mail); commercial ones add the
 * unsubscribe link.
 */
import { priceBooking } from "~/domain/booking/pricing";
import { buildIcs } from "~/domain/messaging/ics";
import { BUSINESS } from "~/lib/business";
import { formatMoney } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { accountMessages } from "~/lib/messages/account.fr";

const m = messages.messaging.email;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const dateFormat = new Intl.DateTimeFormat("fr-CA", {
  timeZone: BUSINESS.timeZone,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("fr-CA", {
  timeZone: BUSINESS.timeZone,
  hour: "numeric",
  minute: "2-digit",
});

/** 'lundi 9 mars 2026' in the business time zone. */
export function formatMailDate(instant: Date): string {
  return dateFormat.format(instant);
}

/** '9 h 00' in the business time zone. */
export function formatMailTime(instant: Date): string {
  return timeFormat.format(instant);
}

interface Layout {
  title: string;
  /** Paragraphs and blocks of HTML, already escaped. */
  blocksHtml: string[];
  /** The same content as plain text. */
  blocksText: string[];
  /** A commercial message carries the unsubscribe link. */
  unsubscribeUrl?: string;
  transactional?: boolean;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0e7490;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;
}

function paragraph(text: string): string {
  return `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
}

function layout({ title, blocksHtml, blocksText, unsubscribeUrl, transactional }: Layout): {
  html: string;
  text: string;
} {
  const note = transactional ? m.transactionalNote : unsubscribeUrl ? m.commercialNote : null;
  const footerHtml = [
    `<p style="margin:0 0 8px">${escapeHtml(m.identification)}</p>`,
    note ? `<p style="margin:0 0 8px">${escapeHtml(note)}</p>` : "",
    unsubscribeUrl
      ? `<p style="margin:0"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#0e7490">${escapeHtml(m.unsubscribe)}</a></p>`
      : "",
  ].join("");
  const html = `<!doctype html>
<html lang="fr-CA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px">
<div style="background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:700;color:#0e7490">${escapeHtml(BUSINESS.name)}</p>
${blocksHtml.join("\n")}
<p style="margin:24px 0 0">${escapeHtml(m.signature)}</p>
</div>
<div style="padding:16px 8px;font-size:12px;color:#52525b">${footerHtml}</div>
</div>
</body>
</html>
`;
  const text = [
    ...blocksText,
    m.signature,
    "",
    "--",
    m.identification,
    ...(note ? [note] : []),
    ...(unsubscribeUrl ? [`${m.unsubscribe} : ${unsubscribeUrl}`] : []),
    "",
  ].join("\n");
  return { html, text };
}

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
    upsells: booking.upsells,
    discountCents: booking.discountCents ?? 0,
  });
}

export type BookingMailKind = "confirmation" | "changed" | "cancelled" | "reminder";

/** The one-line service address: the address as typed and the postal code when it lacks it. */
export function serviceAddress(b: Pick<BookingMailData, "address" | "postalCode">): string {
  if (!b.postalCode || b.address.replace(/\s/g, "").toUpperCase().includes(b.postalCode.replace(/\s/g, ""))) {
    return b.address;
  }
  return `${b.address} ${b.postalCode}`;
}

/** The discount line's label: 'Rabais (CODE)', or 'Rabais' without a known code. */
function discountLabel(code: string | null | undefined): string {
  return code ? messages.offers.promo.discountLine(code) : m.labels.discount;
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
  }: {
    manageUrl?: string;
    now: Date;
    publicUrl: string;
    /** The customer's way out of offers by e-mail (the booking gave implied consent to them). */
    unsubscribeUrl?: string;
  },
): RenderedMail {
  const date = formatMailDate(booking.startAt);
  const time = formatMailTime(booking.startAt);
  const price = bookingMailPrice(booking);
  const address = serviceAddress(booking);
  const l = m.labels;
  const extras =
    booking.upsells.length === 0
      ? l.noExtras
      : booking.upsells.map((u) => `${u.name} (${formatMoney(u.priceCents)})`).join(", ");
  const rows: [string, string][] = [
    [l.bookingId, booking.bookingId],
    [l.date, date],
    [l.time, `${time} – ${formatMailTime(booking.endAt)}`],
    [l.address, address],
    [l.service, `${booking.serviceName} (${formatMoney(booking.unitPriceCents)} × ${m.cars(booking.cars)})`],
    [l.cars, m.cars(booking.cars)],
    [l.extras, extras],
    [l.subtotal, formatMoney(price.subtotalCents)],
    ...(price.discountCents > 0
      ? ([[discountLabel(booking.promoCode), `-${formatMoney(price.discountCents)}`]] as [string, string][])
      : []),
    [l.tps, formatMoney(price.tpsCents)],
    [l.tvq, formatMoney(price.tvqCents)],
    [l.total, formatMoney(price.totalCents)],
  ];
  const table = `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:6px 12px 6px 0;border-bottom:1px solid #e4e4e7;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:6px 0;border-bottom:1px solid #e4e4e7">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;
  const tableText = rows.map(([label, value]) => `${label} : ${value}`);

  const copy = {
    confirmation: { subject: m.confirmation.subject(date), intro: m.confirmation.intro },
    changed: { subject: m.changed.subject(date), intro: m.changed.intro },
    cancelled: { subject: m.cancelled.subject(date), intro: m.cancelled.intro },
    reminder: { subject: m.reminder.subject(time), intro: m.reminder.intro },
  }[kind];

  const blocksHtml = [paragraph(m.greeting(booking.customerName)), paragraph(copy.intro), table];
  const blocksText = [
    m.greeting(booking.customerName),
    "",
    copy.intro,
    "",
    ...tableText,
    "",
    m.pricesNote,
    "",
  ];
  blocksHtml.push(`<p style="margin:0 0 16px;font-size:13px;color:#52525b">${escapeHtml(m.pricesNote)}</p>`);
  if (kind !== "cancelled") {
    blocksHtml.push(paragraph(m.paymentNote));
    blocksText.push(m.paymentNote, "");
  }
  if (kind === "cancelled") {
    blocksHtml.push(button(`${publicUrl}/booking`, m.cancelled.rebook));
    blocksText.push(`${m.cancelled.rebook} : ${publicUrl}/booking`, "");
  } else if (manageUrl) {
    blocksHtml.push(button(manageUrl, m.manageLink), paragraph(m.manageNote));
    blocksText.push(`${m.manageLink} : ${manageUrl}`, m.manageNote, "");
  }
  const withIcs = kind !== "reminder";
  if (withIcs) {
    blocksHtml.push(paragraph(m.calendarNote));
    blocksText.push(m.calendarNote, "");
  }
  blocksHtml.push(paragraph(m.callUs));
  blocksText.push(m.callUs, "");

  const { html, text } = layout({
    title: copy.subject,
    blocksHtml,
    blocksText,
    transactional: true,
    unsubscribeUrl,
  });
  const attachments = withIcs
    ? [
        {
          filename: m.icsFileName,
          contentType: `text/calendar; charset=utf-8; method=${kind === "cancelled" ? "CANCEL" : "PUBLISH"}`,
          content: bookingIcs(booking, { kind, manageUrl, now }),
        },
      ]
    : undefined;
  return { subject: copy.subject, html, text, attachments };
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
    description: m.icsDescription(
      booking.bookingId,
      formatMoney(price.totalCents),
      booking.upsells.length === 0 ? m.labels.noExtras : booking.upsells.map((u) => u.name).join(", "),
      manageUrl,
      price.discountCents > 0
        ? messages.offers.promo.discountText(formatMoney(price.discountCents), booking.promoCode ?? "")
        : undefined,
    ),
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

export function renderApplicationReceived({
  firstName,
  city,
  confirmUrl,
}: {
  firstName: string;
  city: string;
  /** The link that confirms the applicant's address (ADR 043). */
  confirmUrl: string;
}): RenderedMail {
  const c = m.applicationReceived;
  const { html, text } = layout({
    title: c.subject,
    blocksHtml: [
      paragraph(m.greeting(firstName)),
      paragraph(c.intro(city)),
      paragraph(c.confirmText),
      button(confirmUrl, c.confirm),
      paragraph(c.next),
      paragraph(m.callUs),
    ],
    blocksText: [
      m.greeting(firstName),
      "",
      c.intro(city),
      "",
      c.confirmText,
      `${c.confirm} : ${confirmUrl}`,
      "",
      c.next,
      "",
      m.callUs,
      "",
    ],
  });
  return { subject: c.subject, html, text };
}

export function renderContactReceived(message: {
  name: string;
  email: string;
  phone: string | null;
  message: string;
}): RenderedMail {
  const c = m.contactReceived;
  const rows: [string, string][] = [
    [c.name, message.name],
    [c.email, message.email],
    [c.phone, message.phone ?? c.noPhone],
  ];
  const { html, text } = layout({
    title: c.subject(message.name),
    blocksHtml: [
      paragraph(c.intro),
      `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`,
      `<p style="margin:0 0 4px;font-weight:600">${escapeHtml(c.message)}</p>`,
      `<blockquote style="margin:0 0 16px;padding:12px;background:#f4f4f5;white-space:pre-wrap">${escapeHtml(message.message)}</blockquote>`,
      paragraph(c.replyNote),
    ],
    blocksText: [
      c.intro,
      "",
      ...rows.map(([label, value]) => `${label} : ${value}`),
      "",
      `${c.message} :`,
      message.message,
      "",
      c.replyNote,
      "",
    ],
  });
  return { subject: c.subject(message.name), html, text };
}

/** The reset link, or (no password yet: a new franchisee's invitation) the set-password link. */
export function renderPasswordMail({
  name,
  url,
  invitation,
}: {
  name: string;
  url: string;
  invitation: boolean;
}): RenderedMail {
  const r = m.passwordReset;
  const c = invitation ? { ...r, ...m.setPassword } : r;
  const { html, text } = layout({
    title: c.subject,
    blocksHtml: [
      paragraph(m.greeting(name)),
      paragraph(c.intro),
      button(url, c.action),
      paragraph(c.expiry),
      ...(invitation ? [] : [paragraph(r.ignore)]),
      paragraph(m.callUs),
    ],
    blocksText: [
      m.greeting(name),
      "",
      c.intro,
      "",
      `${c.action} : ${url}`,
      "",
      c.expiry,
      ...(invitation ? [] : [r.ignore]),
      "",
      m.callUs,
      "",
    ],
  });
  return { subject: c.subject, html, text };
}

export type AccountMailKind = "verify" | "exists" | "slowed";

/**
 * The account e-mails (ADR 042): the sign-up's confirmation link ("verify"), the notice to the
 * owner of an address someone tried to sign up with ("exists"), and the notice that sign-ins to
 * the account were slowed after many wrong passwords ("slowed"). `url` is the confirmation link
 * (verify) or the site's address (the others link to sign-in and to the forgotten-password page).
 */
export function renderAccountMail(
  kind: AccountMailKind,
  { name, url }: { name: string; url: string },
): RenderedMail {
  const a = accountMessages.email;
  const greeting = m.greeting(name);
  if (kind === "verify") {
    const c = a.verify;
    const { html, text } = layout({
      title: c.subject,
      blocksHtml: [
        paragraph(greeting),
        paragraph(c.intro),
        button(url, c.action),
        paragraph(c.expiry),
        paragraph(c.bookings),
        paragraph(c.ignore),
      ],
      blocksText: [
        greeting,
        "",
        c.intro,
        "",
        `${c.action} : ${url}`,
        "",
        c.expiry,
        c.bookings,
        "",
        c.ignore,
        "",
      ],
    });
    return { subject: c.subject, html, text };
  }
  const signIn = `${url}/auth`;
  const forgot = `${url}/auth/forgot-password`;
  if (kind === "exists") {
    const c = a.exists;
    const { html, text } = layout({
      title: c.subject,
      blocksHtml: [
        paragraph(greeting),
        paragraph(c.intro),
        button(signIn, c.signIn),
        paragraph(c.reset),
        button(forgot, messages.messaging.forgotPassword.title),
        paragraph(c.ignore),
      ],
      blocksText: [
        greeting,
        "",
        c.intro,
        "",
        `${c.signIn} : ${signIn}`,
        `${c.reset} ${forgot}`,
        "",
        c.ignore,
        "",
      ],
    });
    return { subject: c.subject, html, text };
  }
  const c = a.slowed;
  const { html, text } = layout({
    title: c.subject,
    blocksHtml: [
      paragraph(greeting),
      paragraph(c.intro),
      paragraph(c.you),
      button(forgot, c.action),
      paragraph(c.notYou),
    ],
    blocksText: [greeting, "", c.intro, "", `${c.you} ${forgot}`, "", c.notYou, ""],
  });
  return { subject: c.subject, html, text };
}

/** A commercial e-mail: plain paragraphs, the sender's identification and the unsubscribe link. */
export function renderPromotion({
  title,
  body,
  unsubscribeUrl,
}: {
  title: string;
  body: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const { html, text } = layout({
    title,
    blocksHtml: paragraphs.map(paragraph),
    blocksText: paragraphs.flatMap((p) => [p, ""]),
    unsubscribeUrl,
  });
  return { subject: m.promotion.subject(title), html, text };
}

/**
 * The one e-mail of the waiting list (ADR 046): the service now reaches the code. Commercial (it
 * invites to book), sent with the express consent the form's box gave: unsubscribe link.
 */
export function renderWaitlistOpen({
  postalCode,
  zoneName,
  bookUrl,
  unsubscribeUrl,
}: {
  postalCode: string;
  zoneName: string;
  bookUrl: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const w = messages.waitlist.email;
  const subject = w.subject(zoneName);
  const { html, text } = layout({
    title: subject,
    blocksHtml: [
      paragraph(w.hello),
      paragraph(w.intro(postalCode, zoneName)),
      button(bookUrl, w.book),
      paragraph(w.once),
    ],
    blocksText: [w.hello, "", w.intro(postalCode, zoneName), "", `${w.book} : ${bookUrl}`, "", w.once, ""],
    unsubscribeUrl,
  });
  return { subject, html, text };
}

/**
 * The review request (ADR 049), sent to every completed wash: about the booking and without any
 * offer (transactional note), with the personal link to the review page.
 */
export function renderReviewRequest({
  customerName,
  startAt,
  reviewUrl,
}: {
  customerName: string;
  startAt: Date;
  reviewUrl: string;
}): RenderedMail {
  const r = messages.reviews.email;
  const date = formatMailDate(startAt);
  const { html, text } = layout({
    title: r.subject,
    blocksHtml: [
      paragraph(m.greeting(customerName)),
      paragraph(r.intro(date)),
      button(reviewUrl, r.button),
      paragraph(r.note),
    ],
    blocksText: [
      m.greeting(customerName),
      "",
      r.intro(date),
      "",
      `${r.button} : ${reviewUrl}`,
      "",
      r.note,
      "",
    ],
    transactional: true,
  });
  return { subject: r.subject, html, text };
}

/**
 * The thank-you offer after a wash (ADR 057): commercial, so it identifies the business and
 * carries the unsubscribe link (ADR 015); the personal code and the booking link with it.
 */
export function renderThankYouOffer({
  customerName,
  discount,
  code,
  until,
  bookUrl,
  unsubscribeUrl,
}: {
  customerName: string;
  discount: string;
  code: string;
  until: string;
  bookUrl: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const ty = messages.offers.thankyou;
  const { html, text } = layout({
    title: ty.subject,
    blocksHtml: [
      paragraph(m.greeting(customerName)),
      paragraph(ty.intro(discount)),
      paragraph(ty.code(code, until)),
      button(bookUrl, ty.button),
    ],
    blocksText: [
      m.greeting(customerName),
      "",
      ty.intro(discount),
      "",
      ty.code(code, until),
      "",
      `${ty.button} : ${bookUrl}`,
      "",
    ],
    unsubscribeUrl,
  });
  return { subject: ty.subject, html, text };
}
