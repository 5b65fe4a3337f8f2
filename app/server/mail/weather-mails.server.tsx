/** A day moved for the weather (ADR 090): the customer's one e-mail, with the link to pick a new time. */
import type { WeatherReason } from "~/domain/weather/schemas";
import { formatDateTime } from "~/domain/time/format-instant";
import { weatherMessages } from "~/lib/messages/weather.fr";
import { Button, formatMailDate, m, Paragraph, renderMail, type RenderedMail } from "./layout.server";

export function renderWeatherMove({
  customerName,
  startAt,
  reason,
  url,
}: {
  customerName: string;
  startAt: Date;
  reason: WeatherReason;
  url: string;
}): RenderedMail {
  const t = weatherMessages.customer;
  const subject = t.subject(formatMailDate(startAt));
  const body = t.text(weatherMessages.because[reason], formatDateTime(startAt, "full"));
  const rendered = renderMail({
    title: subject,
    html: (
      <>
        <Paragraph>{m.greeting(customerName)}</Paragraph>
        <Paragraph>{body}</Paragraph>
        <Button href={url}>{t.button}</Button>
      </>
    ),
    text: [m.greeting(customerName), "", body, "", `${t.button} : ${url}`, ""],
    transactional: true,
  });
  return { subject, ...rendered };
}
