/** The recurring washes' e-mails (ADR 086): a date moved to the nearest free time, or none free. */
import { recurringMessages } from "~/lib/messages/recurring.fr";
import {
  Button,
  formatMailDate,
  formatMailTime,
  m,
  Paragraph,
  renderMail,
  type RenderedMail,
} from "./layout.server";

const r = recurringMessages.mail;
const when = (at: Date) => `${formatMailDate(at)} à ${formatMailTime(at)}`;

export function renderRecurringMail({
  kind,
  customerName,
  plannedStart,
  placedStart,
  bookUrl,
}: {
  kind: "moved" | "unplaced";
  customerName: string;
  plannedStart: Date;
  placedStart: Date | null;
  bookUrl: string;
}): RenderedMail {
  const date = formatMailDate(plannedStart);
  const subject = kind === "moved" ? r.movedSubject(date) : r.unplacedSubject(date);
  const body =
    kind === "moved" && placedStart
      ? [r.movedText(when(plannedStart), when(placedStart)), r.movedNext]
      : [r.unplacedText(when(plannedStart))];
  const rendered = renderMail({
    title: subject,
    html: (
      <>
        <Paragraph>{m.greeting(customerName)}</Paragraph>
        {body.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        {kind === "unplaced" ? <Button href={bookUrl}>{r.unplacedBook}</Button> : null}
      </>
    ),
    text: [
      m.greeting(customerName),
      "",
      ...body.flatMap((line) => [line, ""]),
      ...(kind === "unplaced" ? [`${r.unplacedBook}\u00a0: ${bookUrl}`, ""] : []),
    ],
    transactional: true,
  });
  return { subject, ...rendered };
}
