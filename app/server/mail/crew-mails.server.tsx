/** The crew's e-mails to the customer (ADR 078): on the way, and a new arrival time when late. */
import { crewMessages } from "~/lib/messages/crew.fr";
import { formatMailTime, m, Paragraph, renderMail, type RenderedMail } from "./layout.server";

/** « En route » (with the expected arrival, when the address is located) or « new time » (late). */
export function renderCrewArrival({
  kind,
  customerName,
  address,
  startAt,
  arrivalAt,
}: {
  kind: "en_route" | "late";
  customerName: string;
  address: string;
  startAt: Date;
  arrivalAt: Date | null;
}): RenderedMail {
  const c = crewMessages.customer;
  const time = arrivalAt ? formatMailTime(arrivalAt) : null;
  const subject = kind === "en_route" ? c.enRouteSubject(time) : c.lateSubject(time ?? "");
  const body =
    kind === "en_route" ? c.enRouteText(time, address) : c.lateText(time ?? "", formatMailTime(startAt));
  const rendered = renderMail({
    title: subject,
    html: (
      <>
        <Paragraph>{m.greeting(customerName)}</Paragraph>
        <Paragraph>{body}</Paragraph>
        <Paragraph>{c.questions}</Paragraph>
      </>
    ),
    text: [m.greeting(customerName), "", body, "", c.questions, ""],
    transactional: true,
  });
  return { subject, ...rendered };
}
