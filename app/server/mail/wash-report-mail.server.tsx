/** The crew's wash report to the customer (issue 32, item 6, ADR 088). */
import { formatMoney } from "~/lib/format";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import { jobReportMessages } from "~/lib/messages/job-report.fr";
import {
  Button,
  formatMailDate,
  m,
  Paragraph,
  renderMail,
  Rows,
  SmallNote,
  type RenderedMail,
} from "./layout.server";

const r = jobReportMessages.report;
const c = afterWashMessages.completed;

export interface WashReportMail {
  customerName: string;
  serviceName: string;
  startAt: Date;
  /** The booking's total, taxes included. */
  totalCents: number;
  /** With a card kept (ADR 079): the balance charged, and the tip link. */
  card: { balanceCents: number; tipUrl: string } | null;
  photos: { car: number; kind: "before" | "after"; url: string }[];
  cars: number;
  checklist: { label: string; ticked: boolean }[];
  reviewUrl: string;
  bookUrl: string;
  clientUrl: string;
}

/** The wash is done: photos, checklist, total, review request, the next booking, the tip link. */
export function renderWashReportMail(mail: WashReportMail): RenderedMail {
  const date = formatMailDate(mail.startAt);
  const done = mail.checklist.filter((s) => s.ticked).map((s) => s.label);
  const money = mail.card
    ? mail.card.balanceCents > 0
      ? c.balance(formatMoney(mail.card.balanceCents))
      : c.noBalance
    : r.paidOnSite;
  const cars = Array.from({ length: mail.cars }, (_, i) => i + 1);
  const label = (kind: "before" | "after") => (kind === "before" ? r.before : r.after);
  const rendered = renderMail({
    title: r.subject,
    html: (
      <>
        <Paragraph>{m.greeting(mail.customerName)}</Paragraph>
        <Paragraph>{r.intro(date, mail.serviceName)}</Paragraph>
        <h2 style={{ fontSize: "18px", margin: "16px 0 8px" }}>{r.photosTitle}</h2>
        {cars.map((car) => (
          <div key={car} style={{ margin: "0 0 12px" }}>
            {mail.cars > 1 ? <p style={{ fontWeight: 600, margin: "0 0 4px" }}>{r.car(car)}</p> : null}
            {mail.photos
              .filter((p) => p.car === car)
              .map((p) => (
                <a key={p.url} href={p.url} style={{ display: "inline-block", margin: "0 8px 8px 0" }}>
                  <img
                    src={p.url}
                    alt={`${label(p.kind)} · ${r.car(car)}`}
                    width={240}
                    style={{
                      display: "block",
                      width: "240px",
                      maxWidth: "100%",
                      height: "auto",
                      borderRadius: "6px",
                    }}
                  />
                  <span style={{ fontSize: "13px", color: "#52525b" }}>{label(p.kind)}</span>
                </a>
              ))}
          </div>
        ))}
        {done.length > 0 ? (
          <>
            <h2 style={{ fontSize: "18px", margin: "16px 0 8px" }}>{r.checklistTitle}</h2>
            <ul style={{ margin: "0 0 16px", paddingLeft: "20px" }}>
              {done.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </>
        ) : null}
        <Rows rows={[[r.total, r.totalValue(formatMoney(mail.totalCents))]]} />
        <Paragraph>{money}</Paragraph>
        <Paragraph>{r.reviewText}</Paragraph>
        <Button href={mail.reviewUrl}>{r.reviewButton}</Button>
        {mail.card ? (
          <>
            <Paragraph>{c.tipText}</Paragraph>
            <Button href={mail.card.tipUrl}>{c.tipButton}</Button>
          </>
        ) : null}
        <Paragraph>{r.nextText}</Paragraph>
        <Button href={mail.bookUrl}>{r.nextButton}</Button>
        <Paragraph>
          <a href={mail.clientUrl}>{r.manage}</a>
        </Paragraph>
        <SmallNote>{r.photoNote}</SmallNote>
      </>
    ),
    text: [
      m.greeting(mail.customerName),
      "",
      r.intro(date, mail.serviceName),
      "",
      `${r.photosTitle} :`,
      ...mail.photos.map((p) => `${label(p.kind)} · ${r.car(p.car)} : ${p.url}`),
      "",
      ...(done.length > 0 ? [`${r.checklistTitle} :`, ...done.map((s) => `- ${s}`), ""] : []),
      `${r.total} : ${r.totalValue(formatMoney(mail.totalCents))}`,
      money,
      "",
      r.reviewText,
      `${r.reviewButton} : ${mail.reviewUrl}`,
      "",
      ...(mail.card ? [c.tipText, `${c.tipButton} : ${mail.card.tipUrl}`, ""] : []),
      r.nextText,
      `${r.nextButton} : ${mail.bookUrl}`,
      `${r.manage} : ${mail.clientUrl}`,
      "",
      r.photoNote,
      "",
    ],
    transactional: true,
  });
  return { subject: r.subject, ...rendered };
}
