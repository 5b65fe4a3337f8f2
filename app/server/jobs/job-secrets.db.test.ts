import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import type { OutgoingMail } from "~/server/mail/mailer.server";
import { createLogProvider } from "~/server/sms/provider.server";
import {
  clearBookings,
  FRIDAY_MORNING as NOW,
  granbyRequest,
  MONDAY_9,
} from "../../../tests/factories/bookings";
import { memoryMailer } from "../../../tests/factories/memory-mailer";
import { describeDatabases } from "../../../tests/setup/db";
import { bookSlot } from "../services/booking/book-slot.server";
import { manageUrlFor } from "../services/booking/manage-access.server";
import { queuePasswordEmail } from "../services/messaging/notify.server";
import { createMessagingHandlers } from "./handlers/messaging.server";
import { openJobSecret } from "./job-secrets.server";
import { jobHandlers } from "./registry.server";
import { createWorker } from "./worker.server";

describeDatabases("the secrets of queued jobs", ({ db }) => {
  const sent: OutgoingMail[] = [];

  /** Every payload of the jobs table as the database holds it. */
  async function storedPayloads(): Promise<string> {
    const rows = await db().execute<{ payload: string }>(sql`select payload::text as payload from ${s.jobs}`);
    return (rows as unknown as { rows: { payload: string }[] }).rows.map((r) => r.payload).join("\n");
  }

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
  });

  beforeEach(async () => {
    await clearBookings(db());
    sent.length = 0;
  });

  it("a manage token and a reset link never sit in clear in jobs.payload, before or after the job ran", async () => {
    const booked = await bookSlot(db(), { actor: null, input: granbyRequest({ start: MONDAY_9 }), now: NOW });
    const [admin] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
    const resetUrl = "https://lavage.example/reset-password/jeton-secret-123?callbackURL=%2F";
    await queuePasswordEmail(db(), { userId: admin!.id, url: resetUrl });

    // Queued: the confirmation, the reminder and the reset e-mail hold their secret sealed.
    const queued = await storedPayloads();
    expect(queued).toContain(booked.appointmentId);
    expect(queued).not.toContain(booked.manageToken);
    expect(queued).not.toContain("jeton-secret-123");
    const [confirmation] = await db().select().from(s.jobs).where(eq(s.jobs.name, "email.booking"));
    const sealed = (confirmation!.payload as { manageToken: string }).manageToken;
    expect(openJobSecret(sealed)).toBe(booked.manageToken);

    // Run every job (the worker's clock past the database's, so that all are due).
    const clock = () => new Date(Date.now() + 365 * 24 * 3_600_000);
    const worker = createWorker(db(), {
      workerId: "secrets",
      now: clock,
      handlers: {
        ...jobHandlers,
        ...createMessagingHandlers({
          mailer: memoryMailer(sent),
          smsProvider: createLogProvider,
          now: clock,
        }),
      },
    });
    while ((await worker.runOnce()) > 0);

    // The e-mails carry the links in clear; the table, after the run, does not.
    const texts = sent.map((mail) => mail.text).join("\n");
    expect(texts).toContain(manageUrlFor(booked.bookingId, booked.manageToken));
    expect(texts).toContain(resetUrl);
    const after = await storedPayloads();
    expect(after).not.toContain(booked.manageToken);
    expect(after).not.toContain("jeton-secret-123");
  });
});
