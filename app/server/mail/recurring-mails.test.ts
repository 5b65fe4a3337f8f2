import { describe, expect, it } from "vitest";
import { renderRecurringMail } from "./recurring-mails.server";

describe("renderRecurringMail", () => {
  it("tells the usual time and the nearest one booked", () => {
    const mail = renderRecurringMail({
      kind: "moved",
      customerName: "Léa Tremblay",
      plannedStart: new Date("2026-03-23T10:00:00-04:00"),
      placedStart: new Date("2026-03-23T13:00:00-04:00"),
      bookUrl: "http://localhost/booking",
    });
    expect(mail.subject).toBe("Lavage récurrent du lundi 23 mars 2026\u00a0: nouvelle heure");
    expect(mail.text).toContain("(lundi 23 mars 2026 à 10 h 00)");
    expect(mail.text).toContain("la plus proche\u00a0: lundi 23 mars 2026 à 13 h 00.");
    expect(mail.text).not.toContain("http://localhost/booking");
  });

  it("says when no time was free, with the way to book", () => {
    const mail = renderRecurringMail({
      kind: "unplaced",
      customerName: "Léa Tremblay",
      plannedStart: new Date("2026-03-23T10:00:00-04:00"),
      placedStart: null,
      bookUrl: "http://localhost/booking",
    });
    expect(mail.subject).toContain("aucune heure libre");
    expect(mail.html).toContain('href="http://localhost/booking"');
  });
});
