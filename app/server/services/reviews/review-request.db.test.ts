import { and, eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import type { OutgoingMail } from "~/server/mail/mailer.server";
import type { Db } from "../../db.server";
import { granbyRequest } from "../../../../tests/factories/bookings";
import { memoryMailer } from "../../../../tests/factories/memory-mailer";
import { describeTwoWorkers, runWorkersUntil } from "../../../../tests/setup/db";
import { createReviewHandlers } from "../../jobs/handlers/reviews-jobs.server";
import { enqueue, jobCounts } from "../../jobs/queue.server";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { bookSlot } from "../booking/book-slot.server";
import { reviewRequestKey } from "./review-request.server";

const BOOKED_AT = new Date("2026-03-06T08:00:00-05:00");
/** Every wash below has started by then. */
const DONE = new Date("2026-03-13T18:00:00-04:00");
/** The workers' clock: past the request delay, and past the database's clock of the jobs queued now. */
const LATER = new Date(Math.max(Date.now(), DONE.getTime()) + 24 * 60 * 60_000);
const DAYS = ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"];
const TIMES = ["09:00", "13:00"];

/** Ten Granby washes booked and marked completed; the first one with the SMS box ticked. */
async function completedWashes(db: Db): Promise<{ id: string; email: string }[]> {
  await seed(db, { demoAccounts: false });
  const [zone] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
  const washes: { id: string; email: string }[] = [];
  for (const day of DAYS) {
    for (const time of TIMES) {
      const email = `client${washes.length}@example.com`;
      const input = granbyRequest({
        start: `${day}T${time}:00-04:00`,
        name: `Client Numéro${washes.length}`,
        email,
        smsConsent: washes.length === 0 ? "on" : undefined,
      });
      const booked = await bookSlot(db, { actor: null, input, now: BOOKED_AT });
      await completeAppointment(db, {
        appointmentId: booked.appointmentId,
        franchiseeId: zone!.franchiseeId!,
        now: DONE,
      });
      washes.push({ id: booked.appointmentId, email });
    }
  }
  return washes;
}

/**
 * Each completed wash has its review.request job, due REVIEW_REQUEST_DELAY_MINUTES (3 h) after
 * completion; a second copy of each (as a job recovered from a dead worker would run again) is
 * queued too. Two workers run them all: each customer gets one e-mail, one request row.
 */
async function askOnceWithTwoWorkers(dbs: [Db, Db]): Promise<void> {
  const [first] = dbs;
  const washes = await completedWashes(first);
  const ids = washes.map((w) => w.id);

  const requests = await first
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.name, "review.request"), inArray(s.jobs.singletonKey, ids.map(reviewRequestKey))));
  expect(requests).toHaveLength(washes.length);
  for (const job of requests) expect(job.runAt).toEqual(new Date(DONE.getTime() + 180 * 60_000));
  // Only the review jobs and what they queue run here.
  await first.delete(s.jobs).where(sql`${s.jobs.name} not in ('review.request')`);
  for (const id of ids) await enqueue(first, "review.request", { appointmentId: id });

  const sent: OutgoingMail[] = [];
  await runWorkersUntil(
    dbs,
    () => ({
      now: () => LATER,
      handlers: {
        ...createReviewHandlers({ mailer: memoryMailer(sent), now: () => LATER }),
        "sms.deliver": async () => {},
      },
    }),
    async () => {
      const counts = await jobCounts(first);
      // Left pending: each wash's thank-you offer, due a day after its request (ADR 057).
      expect(counts.pending).toBe(washes.length);
      expect(counts.running + counts.dead).toBe(0);
      expect(counts.completed).toBe(washes.length * 3 + 1);
    },
  );

  expect(sent.map((mail) => mail.to).sort()).toEqual(washes.map((w) => w.email).sort());
  for (const mail of sent) {
    expect(mail.subject).toBe("Comment s'est passé votre lavage ?");
    expect(mail.text).toMatch(/\/review\/[0-9a-z]+\?token=[\w-]{32}/);
  }
  const rows = await first
    .select()
    .from(s.reviewRequests)
    .where(inArray(s.reviewRequests.appointmentId, ids));
  expect(rows).toHaveLength(washes.length);
  // One SMS, for the booking whose box was ticked, counted as an offer (monthly cap, ADR 014).
  const sms = await first.select().from(s.smsMessages).where(inArray(s.smsMessages.appointmentId, ids));
  expect(sms.map((m) => [m.appointmentId, m.category])).toEqual([[washes[0]!.id, "promotional"]]);
  expect(sms[0]!.body).toMatch(/\/review\/[0-9a-z]+\?token=/);
}

describeTwoWorkers(
  "review requests",
  "asks each completed wash once, even when its job runs twice",
  askOnceWithTwoWorkers,
);
