import { describe, expect, it } from "vitest";
import type { ReceiptMailData } from "./payment-mails.server";
import { renderBalanceRefusedMail, renderCompletedMail, renderReceiptMail } from "./templates.server";

const base: ReceiptMailData = {
  paymentId: "0b9c8a52-3f7e-4b7e-9d0e-1f2a3b4c5d6e",
  kind: "balance",
  bookingId: "K3M9X2P7QA",
  customerName: "Léa <b>Côté</b>",
  serviceName: "Lavage signature",
  settledAt: new Date("2026-03-09T15:05:00Z"),
  amountCents: 12_934,
  subtotalCents: 11_249,
  tpsCents: 563,
  tvqCents: 1_122,
  tipCents: 0,
  tpsNumber: "123456789 RT 0001",
  tvqNumber: "1234567890 TQ 0001",
};
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("payment e-mails (ADR 079)", () => {
  it("prints a payment's lines to the cent of its ledger row, taxes apart, with the GST and QST numbers", () => {
    const mail = renderReceiptMail(base);
    expect(mail.subject).toBe("Reçu de paiement, réservation K3M9X2P7QA");
    const text = plain(mail.text);
    for (const line of [
      "Sous-total : 112,49 $",
      "TPS (5 %) : 5,63 $",
      "TVQ (9,975 %) : 11,22 $",
      "Total payé : 129,34 $",
      "No TPS : 123456789 RT 0001",
      "No TVQ : 1234567890 TQ 0001",
      "Date : lundi 9 mars 2026 à 11 h 05",
    ])
      expect(text).toContain(line);
    expect(text).not.toContain("Pourboire");
    expect(mail.html).toContain("Léa &lt;b&gt;Côté&lt;/b&gt;");
  });

  it("prints a tip apart, without taxes, and a refund as refunded; a missing number reads « non fourni »", () => {
    const tip = plain(
      renderReceiptMail({
        ...base,
        kind: "tip",
        amountCents: 2_250,
        subtotalCents: 0,
        tpsCents: 0,
        tvqCents: 0,
        tipCents: 2_250,
        tpsNumber: null,
      }).text,
    );
    expect(tip).toContain("Pourboire (sans taxes) : 22,50 $");
    expect(tip).toContain("Total payé : 22,50 $");
    expect(tip).not.toContain("TPS (5 %)");
    expect(tip).toContain("No TPS : non fourni");
    const refund = renderReceiptMail({ ...base, kind: "refund" });
    expect(refund.subject).toBe("Reçu de remboursement, réservation K3M9X2P7QA");
    expect(plain(refund.text)).toContain("Total remboursé : 129,34 $");
  });

  it("announces the balance and links the optional tip", () => {
    const mail = renderCompletedMail({
      customerName: "Léa",
      startAt: new Date("2026-03-09T13:00:00Z"),
      balanceCents: 12_934,
      tipUrl: "https://lavage.example/tip/K3M9X2P7QA?token=abc",
    });
    expect(plain(mail.text)).toContain("Le solde de 129,34 $ taxes incluses sera débité");
    expect(mail.text).not.toContain("est débité");
    expect(mail.text).toContain("Pourboire (facultatif) : https://lavage.example/tip/K3M9X2P7QA?token=abc");
    expect(mail.html).toContain('href="https://lavage.example/tip/K3M9X2P7QA?token=abc"');
  });

  it("tells a refused balance: the amount due and the franchisee to call, escaped", () => {
    const mail = renderBalanceRefusedMail({
      customerName: "Léa",
      startAt: new Date("2026-03-09T13:00:00Z"),
      amountCents: 12_934,
      payUrl: null,
      franchisee: { businessName: "Lavage <Granby>", phone: "450 555-0101", email: null },
    });
    expect(mail.subject).toBe("Paiement refusé pour votre lavage");
    const text = plain(mail.text);
    expect(text).toContain("Montant dû : 129,34 $ taxes incluses.");
    expect(text).toContain("Communiquez avec Lavage <Granby> pour régler ce montant");
    expect(text).toContain("Téléphone : 450 555-0101");
    expect(text).not.toContain("Courriel :");
    expect(mail.html).toContain("Lavage &lt;Granby&gt;");
    const withLink = renderBalanceRefusedMail({
      customerName: "Léa",
      startAt: new Date("2026-03-09T13:00:00Z"),
      amountCents: 12_934,
      payUrl: "https://checkout.stripe.com/c/pay/cs_test_1",
      franchisee: { businessName: "Lavage Granby", phone: null, email: "granby@example.com" },
    });
    expect(withLink.text).toContain("Payer le solde : https://checkout.stripe.com/c/pay/cs_test_1");
    expect(withLink.html).toContain('href="https://checkout.stripe.com/c/pay/cs_test_1"');
    expect(withLink.text).toContain("Vous pouvez aussi communiquer avec Lavage Granby");
  });
});
