/** The memberships' e-mails (ADR 095): a refused renewal (tried again, or the membership ended). */
import { formatMoney } from "~/lib/format";
import { Button, m, Paragraph, renderMail, type RenderedMail } from "./layout.server";

export function renderMembershipRefusedMail({
  customerName,
  planName,
  amountCents,
  retryAt,
  spaceUrl,
}: {
  customerName: string;
  planName: string;
  amountCents: number;
  /** The next try, or null when the membership was cancelled after the last one. */
  retryAt: Date | null;
  spaceUrl: string;
}): RenderedMail {
  const subject = retryAt
    ? `Paiement refusé : votre abonnement ${planName}`
    : `Votre abonnement ${planName} a pris fin`;
  const body = [
    `Le renouvellement de votre abonnement ${planName} (${formatMoney(amountCents)}, taxes incluses) a été refusé par votre carte.`,
    retryAt
      ? `Nous réessaierons le ${retryAt.toLocaleDateString("fr-CA", { timeZone: "America/Toronto", day: "numeric", month: "long" })}. D'ici là, vos lavages inclus sont suspendus; vous pouvez ajouter une autre carte depuis votre espace client.`
      : "Après trois essais, l'abonnement est annulé. Vous pouvez vous réabonner en tout temps depuis votre espace client.",
  ];
  const rendered = renderMail({
    title: subject,
    html: (
      <>
        <Paragraph>{m.greeting(customerName)}</Paragraph>
        {body.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <Button href={spaceUrl}>Mon abonnement</Button>
      </>
    ),
    text: [
      m.greeting(customerName),
      "",
      ...body.flatMap((line) => [line, ""]),
      `Mon abonnement : ${spaceUrl}`,
      "",
    ],
    transactional: true,
  });
  return { subject, ...rendered };
}
