import { describe, expect, it } from "vitest";
import { renderWashReportMail, type WashReportMail } from "./wash-report-mail.server";

const base: WashReportMail = {
  customerName: "Léa Tremblay",
  serviceName: "Lavage Signature",
  startAt: new Date("2026-03-09T13:00:00Z"),
  totalCents: 17246,
  card: null,
  photos: [
    { car: 1, kind: "before", url: "https://exemple.test/job-photos/a/1.webp?token=t1" },
    { car: 1, kind: "after", url: "https://exemple.test/job-photos/a/2.webp?token=t2" },
  ],
  cars: 1,
  checklist: [
    { label: "Jantes et pneus nettoyés", ticked: true },
    { label: "Parfum d'ambiance", ticked: false },
  ],
  reviewUrl: "https://exemple.test/review/b?token=r",
  bookUrl: "https://exemple.test/booking",
  clientUrl: "https://exemple.test/client",
};

describe("the wash report (ADR 088)", () => {
  it("carries the photos, the steps done, the total, the review and the next booking; paid on site, no tip", () => {
    const mail = renderWashReportMail(base);
    expect(mail.subject).toBe("Votre lavage est terminé : le rapport et les photos");
    for (const photo of base.photos) {
      expect(mail.text).toContain(photo.url);
      expect(mail.html).toContain(`src="${photo.url.replace("&", "&amp;")}"`);
    }
    expect(mail.text).toContain("- Jantes et pneus nettoyés");
    expect(mail.text).not.toContain("Parfum d'ambiance");
    expect(mail.text.replaceAll("\u00a0", " ")).toContain("Total : 172,46 $ taxes incluses");
    expect(mail.text).toContain("Le paiement se fait avec l'équipe, sur place.");
    expect(mail.text).toContain(`Donner mon avis : ${base.reviewUrl}`);
    expect(mail.text).toContain(`Réserver mon prochain lavage : ${base.bookUrl}`);
    expect(mail.text).not.toContain("/tip/");
  });

  it("with a card kept: the balance charged and the tip link, in the same message", () => {
    const mail = renderWashReportMail({
      ...base,
      card: { balanceCents: 12246, tipUrl: "https://exemple.test/tip/b?token=x" },
    });
    expect(mail.text.replaceAll("\u00a0", " ")).toContain("Le solde de 122,46 $ taxes incluses sera débité");
    expect(mail.text).toContain("Pourboire (facultatif) : https://exemple.test/tip/b?token=x");
    expect(mail.text).toContain(`Donner mon avis : ${base.reviewUrl}`);
  });
});
