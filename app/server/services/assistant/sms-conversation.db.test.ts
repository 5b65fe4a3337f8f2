import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "../booking/book-slot.server";
import { purgeConversations } from "./conversations.server";
import { answerSmsWithAssistant } from "./sms-conversation.server";

const NOW = new Date("2026-03-06T08:00:00-05:00");

describeDatabases("assistant by SMS", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
  });

  it("'je veux déplacer mon rendez-vous' gets an answer that leads to a reschedule", async () => {
    const booked = await bookSlot(db(), {
      actor: null,
      input: BookingRequestSchema.parse({
        zone: "granby",
        cars: 1,
        start: "2026-03-09T09:00:00-04:00",
        name: "Léa Tremblay",
        email: "lea.tremblay@example.com",
        phone: "450 555-0199",
        address: "123, rue Principale, Granby J2G 2T5",
      }),
      now: NOW,
    });
    const sms = (body: string) =>
      answerSmsWithAssistant(db(), { from: "+14505550199", body, now: () => NOW });

    expect(await sms("je veux déplacer mon rendez-vous")).toMatch(/numéro de réservation/);
    expect(await sms(booked.bookingId)).toMatch(/courriel ou téléphone/);
    const found = await sms("450 555-0199");
    expect(found).toMatch(/J'ai trouvé votre réservation du lundi 9 mars, 9 h/);
    expect(found).toMatch(/1\) Déplacer/);
    const slots = await sms("1");
    expect(slots).toMatch(/Choisissez la nouvelle heure/);
    const moved = await sms("1");
    expect(moved).toMatch(new RegExp(`La réservation ${booked.bookingId} est déplacée`));
    const [row] = await db()
      .select()
      .from(s.appointments)
      .where(eq(s.appointments.bookingId, booked.bookingId));
    expect(row!.startAt).not.toEqual(new Date("2026-03-09T13:00:00Z"));

    // The answers went only to the number that wrote, logged as transactional.
    const outbox = await db().select().from(s.smsMessages).where(eq(s.smsMessages.direction, "outbound"));
    expect(new Set(outbox.map((m) => m.phone))).toEqual(new Set(["+14505550199"]));
    expect(outbox.every((m) => m.category === "transactional")).toBe(true);

    // One conversation per number, deleted 30 days after its last message.
    expect(await db().select().from(s.assistantConversations)).toHaveLength(1);
    expect(await purgeConversations(db(), new Date(NOW.getTime() + 29 * 86_400_000))).toBe(0);
    expect(await purgeConversations(db(), new Date(NOW.getTime() + 31 * 86_400_000))).toBe(1);
    expect(await db().select().from(s.assistantConversations)).toHaveLength(0);
  });
});
