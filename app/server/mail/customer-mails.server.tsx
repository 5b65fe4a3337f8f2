/** The other e-mails: franchise application, contact message, offers, waiting list, reviews. */
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { offersMessages } from "~/lib/messages/offers.fr";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import { waitlistMessages } from "~/lib/messages/waitlist.fr";
import {
  Button,
  formatMailDate,
  formatMailTime,
  m,
  Paragraph,
  renderMail,
  Rows,
  type RenderedMail,
} from "./layout.server";

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
  const rendered = renderMail({
    title: c.subject,
    html: (
      <>
        <Paragraph>{m.greeting(firstName)}</Paragraph>
        <Paragraph>{c.intro(city)}</Paragraph>
        <Paragraph>{c.confirmText}</Paragraph>
        <Button href={confirmUrl}>{c.confirm}</Button>
        <Paragraph>{c.next}</Paragraph>
        <Paragraph>{m.callUs}</Paragraph>
      </>
    ),
    text: [
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
  return { subject: c.subject, ...rendered };
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
  const rendered = renderMail({
    title: c.subject(message.name),
    html: (
      <>
        <Paragraph>{c.intro}</Paragraph>
        <Rows rows={rows} />
        <p style={{ margin: "0 0 4px", fontWeight: 600 }}>{c.message}</p>
        <blockquote
          style={{ margin: "0 0 16px", padding: 12, background: "#f4f4f5", whiteSpace: "pre-wrap" }}
        >
          {message.message}
        </blockquote>
        <Paragraph>{c.replyNote}</Paragraph>
      </>
    ),
    text: [
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
  return { subject: c.subject(message.name), ...rendered };
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
  const rendered = renderMail({
    title,
    html: paragraphs.map((p, i) => <Paragraph key={i}>{p}</Paragraph>),
    text: paragraphs.flatMap((p) => [p, ""]),
    unsubscribeUrl,
  });
  return { subject: m.promotion.subject(title), ...rendered };
}

/**
 * Double opt-in (ADR 071): asks the person to confirm the offers a form's box requested.
 * Transactional (it carries no offer, and without the click nothing commercial follows).
 */
export function renderConsentConfirm({
  address,
  confirmUrl,
}: {
  address: string;
  confirmUrl: string;
}): RenderedMail {
  const c = messagingMessages.consentConfirm;
  const rendered = renderMail({
    title: c.subject,
    html: (
      <>
        <Paragraph>{c.hello}</Paragraph>
        <Paragraph>{c.intro(address)}</Paragraph>
        <Button href={confirmUrl}>{c.button}</Button>
        <Paragraph>{c.ignore}</Paragraph>
      </>
    ),
    text: [c.hello, "", c.intro(address), "", `${c.button} : ${confirmUrl}`, "", c.ignore, ""],
    transactional: true,
  });
  return { subject: c.subject, ...rendered };
}

/**
 * The one e-mail of the waiting list (ADR 046): the service now reaches the code. Commercial (it
 * invites to book), sent only once the form's box was confirmed (double opt-in, ADR 071): unsubscribe link.
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
  const w = waitlistMessages.email;
  const subject = w.subject(zoneName);
  const rendered = renderMail({
    title: subject,
    html: (
      <>
        <Paragraph>{w.hello}</Paragraph>
        <Paragraph>{w.intro(postalCode, zoneName)}</Paragraph>
        <Button href={bookUrl}>{w.book}</Button>
        <Paragraph>{w.once}</Paragraph>
      </>
    ),
    text: [w.hello, "", w.intro(postalCode, zoneName), "", `${w.book} : ${bookUrl}`, "", w.once, ""],
    unsubscribeUrl,
  });
  return { subject, ...rendered };
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
  const r = reviewsMessages.email;
  const date = formatMailDate(startAt);
  const rendered = renderMail({
    title: r.subject,
    html: (
      <>
        <Paragraph>{m.greeting(customerName)}</Paragraph>
        <Paragraph>{r.intro(date)}</Paragraph>
        <Button href={reviewUrl}>{r.button}</Button>
        <Paragraph>{r.note}</Paragraph>
      </>
    ),
    text: [m.greeting(customerName), "", r.intro(date), "", `${r.button} : ${reviewUrl}`, "", r.note, ""],
    transactional: true,
  });
  return { subject: r.subject, ...rendered };
}

/**
 * The thank-you offer after a wash (ADR 057): commercial, so it names the business and carries the
 * unsubscribe link (ADR 015); a personal single-use code for the next booking.
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
  const ty = offersMessages.thankyou;
  const rendered = renderMail({
    title: ty.subject,
    html: (
      <>
        <Paragraph>{m.greeting(customerName)}</Paragraph>
        <Paragraph>{ty.intro(discount)}</Paragraph>
        <Paragraph>{ty.code(code, until)}</Paragraph>
        <Button href={bookUrl}>{ty.button}</Button>
      </>
    ),
    text: [
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
  return { subject: ty.subject, ...rendered };
}

/**
 * A freed time offered (ADR 091): transactional, the person asked for it; one per freed time,
 * with the link that books it and the link that stops the request.
 */
export function renderFreedTimeOffer({
  start,
  zoneName,
  bookUrl,
  stopUrl,
}: {
  start: Date;
  zoneName: string;
  bookUrl: string;
  stopUrl: string;
}): RenderedMail {
  const f = freedTimeMessages.email_;
  const when = `${formatMailDate(start)} à ${formatMailTime(start)}`;
  const subject = f.subject(when);
  const rendered = renderMail({
    title: subject,
    html: (
      <>
        <Paragraph>{f.hello}</Paragraph>
        <Paragraph>{f.intro(when, zoneName)}</Paragraph>
        <Button href={bookUrl}>{f.book}</Button>
        <Paragraph>{f.first}</Paragraph>
        <Paragraph>
          {f.stopText} <a href={stopUrl}>{f.stop}</a>
        </Paragraph>
      </>
    ),
    text: [
      f.hello,
      "",
      f.intro(when, zoneName),
      "",
      `${f.book} : ${bookUrl}`,
      "",
      f.first,
      "",
      `${f.stopText} ${stopUrl}`,
      "",
    ],
    transactional: true,
  });
  return { subject, ...rendered };
}
