import { describe, expect, it } from "vitest";
import { paymentSummary } from "./payment-summary";
import { paymentTerms, priceLinesOf } from "./terms";

const price = priceLinesOf(14_999); // 172,45 $ with taxes
const nbsp = (text: string) => text.replaceAll("\u00a0", " ");

describe("paymentSummary", () => {
  it("states a deposit today, the balance later, and what each cancellation costs", () => {
    const terms = paymentTerms(
      {
        mode: "deposit",
        deposit: { rule: "percent", basisPoints: 2_500 },
        lateCancel: { rule: "deposit" },
        noShow: { rule: "percent", basisPoints: 5_000 },
      },
      price,
      800,
    );
    const summary = paymentSummary(terms);
    expect(nbsp(summary.today)).toBe(
      "Aujourd'hui : dépôt de 43,11 $ taxes incluses, payé sur la page sécurisée de Stripe.",
    );
    expect(nbsp(summary.later)).toContain(
      "Après le lavage : 129,34 $ taxes incluses, débités sur la carte enregistrée",
    );
    expect(summary.cancellation.map(nbsp)).toEqual([
      "Annulation 24 h ou plus avant le rendez-vous : sans frais, le dépôt est remboursé en entier.",
      "Annulation moins de 24 h avant : le dépôt de 43,11 $ est conservé.",
      "Absence au rendez-vous : 86,23 $ : le dépôt est conservé et 43,12 $ sont débités sur la carte enregistrée.",
      "Le créneau est retenu 30 minutes, le temps du paiement; sans paiement, il est libéré.",
    ]);
  });

  it("states that nothing is charged today when the card is only kept", () => {
    const terms = paymentTerms(
      {
        mode: "card_kept",
        deposit: null,
        lateCancel: { rule: "fixed", cents: 5_000 },
        noShow: { rule: "none" },
      },
      price,
      800,
    );
    const summary = paymentSummary(terms);
    expect(summary.today).toContain("rien n'est débité");
    expect(nbsp(summary.later)).toContain("172,45 $");
    expect(summary.cancellation.map(nbsp)).toContain(
      "Annulation moins de 24 h avant : 50,00 $ sont débités sur la carte enregistrée.",
    );
    expect(summary.cancellation).toContain("Absence au rendez-vous : sans frais.");
  });

  it("keeps payment on site as today", () => {
    const summary = paymentSummary(
      paymentTerms(
        { mode: "on_site", deposit: null, lateCancel: { rule: "none" }, noShow: { rule: "none" } },
        price,
        800,
      ),
    );
    expect(nbsp(summary.later)).toBe(
      "Après le lavage : 172,45 $ taxes incluses, payés sur place par carte ou en argent comptant.",
    );
  });
});
