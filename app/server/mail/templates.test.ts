import { describe, expect, it } from "vitest";
import { renderBookingMail, renderPasswordMail, serviceAddress } from "./templates.server";

const booking = {
  appointmentId: "0b9c8a52-3f7e-4b7e-9d0e-1f2a3b4c5d6e",
  bookingId: "k3m9x2p7qa",
  customerName: "Léa <script>alert(1)</script>",
  customerEmail: "lea@example.com",
  // Monday 9 March 2026, 9:00 in Toronto (EDT, the first weekday after the DST change).
  startAt: new Date("2026-03-09T13:00:00Z"),
  endAt: new Date("2026-03-09T14:30:00Z"),
  address: "123, rue Principale, Granby",
  postalCode: "J2G 2T5",
  serviceName: "Lavage signature",
  cars: 1,
  unitPriceCents: 14999,
  upsells: [],
  createdAt: new Date("2026-03-06T13:00:00Z"),
};
const now = new Date("2026-03-06T13:00:00Z");

describe("booking e-mails", () => {
  it("shows the local date and time, taxes and total, and escapes the customer's text in HTML", () => {
    const mail = renderBookingMail("confirmation", booking, {
      now,
      publicUrl: "https://lavage.example",
      manageUrl: "https://lavage.example/booking/manage/k3m9x2p7qa?token=abc&x=1",
    });
    expect(mail.subject).toBe("Réservation confirmée : lundi 9 mars 2026");
    expect(mail.text).toContain("Heure : 9 h 00 – 10 h 30");
    expect(mail.text).toMatch(/TPS \(5 %\) : 7,50\s\$/u);
    expect(mail.text).toMatch(/TVQ \(9,975 %\) : 14,96\s\$/u);
    expect(mail.text).toMatch(/Total : 172,45\s\$/u);
    expect(mail.html).not.toContain("<script>alert");
    expect(mail.html).toContain("Léa &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain('href="https://lavage.example/booking/manage/k3m9x2p7qa?token=abc&amp;x=1"');
    expect(mail.attachments?.[0]).toMatchObject({ filename: "rendez-vous.ics" });
  });

  it("gives the reminder no .ics and the cancellation a link to book again", () => {
    expect(
      renderBookingMail("reminder", booking, { now, publicUrl: "https://x" }).attachments,
    ).toBeUndefined();
    const cancelled = renderBookingMail("cancelled", booking, { now, publicUrl: "https://x" });
    expect(cancelled.text).toContain("Réserver un autre rendez-vous : https://x/booking");
    expect(cancelled.attachments?.[0]?.contentType).toContain("method=CANCEL");
  });

  it("adds the postal code to the address only when it lacks it", () => {
    expect(serviceAddress(booking)).toBe("123, rue Principale, Granby J2G 2T5");
    expect(serviceAddress({ address: "120 rue Principale, Granby J2G 2T5", postalCode: "J2G 2T5" })).toBe(
      "120 rue Principale, Granby J2G 2T5",
    );
  });
});

describe("password e-mails", () => {
  it("words a reset and an invitation differently", () => {
    const reset = renderPasswordMail({ name: "Julie", url: "https://x/r", invitation: false });
    const invite = renderPasswordMail({ name: "Julie", url: "https://x/r", invitation: true });
    expect(reset.subject).toBe("Réinitialisation de votre mot de passe");
    expect(reset.text).toContain("Si vous n'avez rien demandé");
    expect(invite.subject).toBe("Bienvenue chez Lavage Mobile Prestige : créez votre mot de passe");
    expect(invite.text).toContain("Créer mon mot de passe : https://x/r");
  });
});
