import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import exifReader from "exif-reader";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { LocalDiskStorage } from "~/server/storage/local-disk.server";
import { clearBookings, granbyRequest, rejection } from "../../../../tests/factories/bookings";
import { FIXTURE_GPS, photoJpegWithGps } from "../../../../tests/factories/photo-jpeg";
import { describeDatabases } from "../../../../tests/setup/db";
import { claimJobs, completeJob } from "../../jobs/job-claims.server";
import { createPaymentMailHandlers } from "../../jobs/handlers/payment-mails.server";
import type { Mailer } from "../../mail/mailer.server";
import type { Db } from "../../db.server";
import { bookSlot } from "../booking/book-slot.server";
import { sendReviewRequest } from "../reviews/review-request.server";
import { hashPassword } from "better-auth/crypto";
import { deleteClientAccount } from "../account/delete-client-account.server";
import { exportClientData } from "../account/export-client-data.server";
import { getDeskBooking } from "../booking/booking-desk.server";
import { resolveCrewMember, type CrewActor } from "./crew-access.server";
import { jobPhotoKey, storeJobPhoto } from "./job-photo-store.server";
import { loadCrewStop, tickChecklistStep } from "./job-report.server";
import { recordCrewStatus } from "./record-crew-status.server";

const BOOKED_AT = new Date("2026-03-06T08:00:00-05:00");
const at = (time: string) => new Date(`2026-03-09T${time}:00-04:00`);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-job-photos-"));
const storage = new LocalDiskStorage(root);

type Sent = { to: string; subject: string; text: string; html: string };

/** Runs the e-mail jobs of the payment mails (the completion and the wash report). */
async function drainMails(db: Db): Promise<Sent[]> {
  const sent: Sent[] = [];
  const mailer: Mailer = {
    kind: "file",
    send: async (mail) => {
      sent.push({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      return { messageId: String(sent.length) } as never;
    },
  };
  const handlers = createPaymentMailHandlers({ mailer: () => mailer });
  for (;;) {
    const jobs = await claimJobs(db, { workerId: "test", names: Object.keys(handlers), limit: 10 });
    if (jobs.length === 0) return sent;
    for (const job of jobs) {
      const handler = handlers[job.name as keyof typeof handlers] as (p: unknown, c: never) => Promise<void>;
      await handler(job.payload, { db } as never);
      await completeJob(db, job);
    }
  }
}

describeDatabases("the stop's checklist, photos and wash report (ADR 088)", ({ db }) => {
  let crew: CrewActor;
  let stop: string;
  let colleagueStop: string;
  let colleague: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "crew@example.com"));
    crew = await resolveCrewMember(db(), user!);
    const [other] = await db()
      .select({ id: s.teamMembers.id })
      .from(s.teamMembers)
      .where(eq(s.teamMembers.email, "marc-andre.gagnon@lavageprestige.ca"));
    colleague = other!.id;
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  beforeEach(async () => {
    await clearBookings(db());
    await db().delete(s.appRateLimits);
    const book = async (start: string, email: string) =>
      (
        await bookSlot(db(), {
          actor: null,
          input: granbyRequest({
            start,
            name: "Léa Tremblay",
            email,
            phone: "(450) 555-0199",
            smsConsent: "on",
          }),
          now: BOOKED_AT,
        })
      ).appointmentId;
    stop = await book("2026-03-09T09:00:00-04:00", "lea@example.com");
    colleagueStop = await book("2026-03-09T13:00:00-04:00", "paul@example.com");
    await db().update(s.appointments).set({ teamMemberId: crew.memberId }).where(eq(s.appointments.id, stop));
    // The other stop is a colleague's: the crew member reaches none of it.
    await db()
      .update(s.appointments)
      .set({ teamMemberId: colleague })
      .where(eq(s.appointments.id, colleagueStop));
  });

  const photoFields = (kind: "before" | "after", appointmentId = stop, id: string = crypto.randomUUID()) => ({
    id,
    appointmentId,
    kind,
    car: 1,
  });

  it("the signature wash has its seeded checklist; the crew reaches no other member's stop", async () => {
    const view = await loadCrewStop(db(), { actor: crew, appointmentId: stop });
    expect(view.checklist.length).toBeGreaterThanOrEqual(6);
    expect(view.checklist.filter((c) => c.required).length).toBeGreaterThan(0);
    expect(view.readiness.missingBefore).toEqual([1]);

    const other = async (p: Promise<unknown>) =>
      expect(await rejection(p)).toMatchObject({ code: "NOT_FOUND" });
    await other(loadCrewStop(db(), { actor: crew, appointmentId: colleagueStop }));
    await other(
      tickChecklistStep(db(), {
        actor: crew,
        appointmentId: colleagueStop,
        stepId: view.checklist[0]!.id,
        checked: true,
      }),
    );
    await other(
      storeJobPhoto(db(), storage, {
        actor: crew,
        fields: photoFields("before", colleagueStop),
        file: await photoJpegWithGps(),
      }),
    );
    // A forged actor (this member, another franchisee) sees nothing either.
    await other(
      loadCrewStop(db(), { actor: { ...crew, franchiseeId: crypto.randomUUID() }, appointmentId: stop }),
    );
    expect(await db().select().from(s.appointmentPhotos)).toHaveLength(0);
  });

  it("stores a photo once whatever the retries, re-encoded without its GPS position", async () => {
    const file = await photoJpegWithGps({ width: 2400, height: 1800 });
    expect(exifReader((await sharp(file).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([
      ...FIXTURE_GPS.latitude,
    ]);
    const fields = photoFields("before");
    // The same photo sent three times at once (a phone retrying on a bad network).
    const answers = await Promise.all(
      [0, 1, 2].map(() => storeJobPhoto(db(), storage, { actor: crew, fields, file })),
    );
    expect(answers.filter((a) => a.stored)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([fields.id]));
    // The same file under another id (the queue lost its record): still one photo.
    const again = await storeJobPhoto(db(), storage, { actor: crew, fields: photoFields("before"), file });
    expect(again).toEqual({ stored: false, id: fields.id });
    const rows = await db()
      .select()
      .from(s.appointmentPhotos)
      .where(eq(s.appointmentPhotos.appointmentId, stop));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "before",
      car: 1,
      width: 1600,
      height: 1200,
      takenBy: crew.userId,
    });
    expect(fs.readdirSync(path.join(root, "job-photos", stop))).toEqual([`${fields.id}.webp`]);
    const stored = await sharp(fs.readFileSync(path.join(root, jobPhotoKey(stop, fields.id)))).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
  });

  it("refuses what is not a photo, a car the booking does not have, and too many photos of a car", async () => {
    const gif = await sharp({ create: { width: 900, height: 600, channels: 3, background: "red" } })
      .gif()
      .toBuffer();
    expect(
      await rejection(
        storeJobPhoto(db(), storage, { actor: crew, fields: photoFields("before"), file: gif }),
      ),
    ).toMatchObject({ code: "FILE_TYPE" });
    expect(
      await rejection(
        storeJobPhoto(db(), storage, {
          actor: crew,
          fields: { ...photoFields("before"), car: 2 },
          file: await photoJpegWithGps(),
        }),
      ),
    ).toMatchObject({ code: "VALIDATION" });
    for (let i = 0; i < 8; i++) {
      await storeJobPhoto(db(), storage, {
        actor: crew,
        fields: photoFields(i % 2 ? "after" : "before"),
        file: await photoJpegWithGps({ colour: { r: i * 20, g: 90, b: 160 } }),
      });
    }
    expect(
      await rejection(
        storeJobPhoto(db(), storage, {
          actor: crew,
          fields: photoFields("after"),
          file: await photoJpegWithGps({ colour: { r: 250, g: 1, b: 1 } }),
        }),
      ),
    ).toMatchObject({ code: "VALIDATION", message: "TOO_MANY_PHOTOS" });
  });

  it("« Terminé » needs the required steps and both photos; then one report asks for the review once", async () => {
    const view = await loadCrewStop(db(), { actor: crew, appointmentId: stop });
    const refused = await rejection(
      recordCrewStatus(db(), { actor: crew, appointmentId: stop, status: "finished", now: at("10:20") }),
    );
    expect(refused).toMatchObject({ code: "APPOINTMENT_NOT_CHANGEABLE", message: "REPORT_INCOMPLETE" });

    // Ticked twice at once: one tick. The required ones, and no photo yet: still refused.
    for (const step of view.checklist.filter((c) => c.required)) {
      await Promise.all(
        [true, true].map((checked) =>
          tickChecklistStep(db(), { actor: crew, appointmentId: stop, stepId: step.id, checked }),
        ),
      );
    }
    expect(
      await db()
        .select()
        .from(s.appointmentChecklistTicks)
        .where(eq(s.appointmentChecklistTicks.appointmentId, stop)),
    ).toHaveLength(view.checklist.filter((c) => c.required).length);
    expect(
      await rejection(
        recordCrewStatus(db(), { actor: crew, appointmentId: stop, status: "finished", now: at("10:20") }),
      ),
    ).toMatchObject({ message: "REPORT_INCOMPLETE" });

    await storeJobPhoto(db(), storage, {
      actor: crew,
      fields: photoFields("before"),
      file: await photoJpegWithGps(),
    });
    await storeJobPhoto(db(), storage, {
      actor: crew,
      fields: photoFields("after"),
      file: await photoJpegWithGps({ colour: { r: 200, g: 200, b: 40 } }),
    });
    // An unticked required step refuses again.
    const firstRequired = view.checklist.find((c) => c.required)!;
    await tickChecklistStep(db(), {
      actor: crew,
      appointmentId: stop,
      stepId: firstRequired.id,
      checked: false,
    });
    expect(
      await rejection(
        recordCrewStatus(db(), { actor: crew, appointmentId: stop, status: "finished", now: at("10:20") }),
      ),
    ).toMatchObject({ message: "REPORT_INCOMPLETE" });
    await tickChecklistStep(db(), {
      actor: crew,
      appointmentId: stop,
      stepId: firstRequired.id,
      checked: true,
    });

    const done = await Promise.all(
      [0, 1].map(() =>
        recordCrewStatus(db(), { actor: crew, appointmentId: stop, status: "finished", now: at("10:20") }),
      ),
    );
    expect(done.filter((d) => d.recorded)).toHaveLength(1);
    // No review.request job: the report asked (review_requests), so the later job would do nothing.
    expect(await db().select().from(s.jobs).where(eq(s.jobs.name, "review.request"))).toHaveLength(0);
    expect(await sendReviewRequest(db(), stop, { now: at("13:20") })).toBe(false);
    const reports = await db().select().from(s.jobs).where(eq(s.jobs.name, "email.completed"));
    expect(reports.map((j) => j.payload)).toEqual([{ appointmentId: stop, report: true }]);
    // One SMS after the wash: the report's (the booking's box was ticked).
    const texts = await db()
      .select()
      .from(s.smsMessages)
      .where(and(eq(s.smsMessages.appointmentId, stop), eq(s.smsMessages.direction, "outbound")));
    expect(texts.map((t) => t.body)).toEqual([expect.stringContaining("/review/")]);

    const [mail, ...more] = await drainMails(db());
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      to: "lea@example.com",
      subject: "Votre lavage est terminé : le rapport et les photos",
    });
    const photos = await db()
      .select()
      .from(s.appointmentPhotos)
      .where(eq(s.appointmentPhotos.appointmentId, stop));
    for (const photo of photos) expect(mail!.text).toContain(`/job-photos/${stop}/${photo.id}.webp?token=`);
    expect(mail!.text).toContain(firstRequired.label);
    expect(mail!.text).toMatch(/Total : [\d\s\u00a0]+,\d{2}\s\$ taxes incluses/);
    expect(mail!.text).toContain("/review/");
    expect(mail!.text).toContain("/booking");
    // After « Terminé », the checklist and the photos are closed.
    expect(
      await rejection(
        tickChecklistStep(db(), {
          actor: crew,
          appointmentId: stop,
          stepId: firstRequired.id,
          checked: false,
        }),
      ),
    ).toMatchObject({ code: "APPOINTMENT_NOT_CHANGEABLE" });
  });

  it("shows the franchisee the stop's checklist and photos, and no other franchisee", async () => {
    const view = await loadCrewStop(db(), { actor: crew, appointmentId: stop });
    const step = view.checklist[0]!;
    await tickChecklistStep(db(), { actor: crew, appointmentId: stop, stepId: step.id, checked: true });
    const fields = photoFields("before");
    await storeJobPhoto(db(), storage, { actor: crew, fields, file: await photoJpegWithGps() });
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.id, stop));
    const franchisee = (franchiseeId: string) => ({
      actor: { id: "x", role: "franchisee" as const, name: "Granby", email: "g@example.com" },
      franchiseeId,
    });

    const desk = await getDeskBooking(db(), franchisee(crew.franchiseeId), row!.bookingId);
    expect(desk.jobReport.checklist).toHaveLength(view.checklist.length);
    expect(desk.jobReport.checklist[0]).toEqual({ label: step.label, required: step.required, ticked: true });
    expect(desk.jobReport.checklist.slice(1).every((c) => !c.ticked)).toBe(true);
    expect(desk.jobReport.photos).toEqual([
      expect.objectContaining({
        id: fields.id,
        kind: "before",
        car: 1,
        // A path of this site with the photo's signed token (ADR 088).
        url: expect.stringMatching(
          new RegExp(`^/job-photos/${stop}/${fields.id}\\.webp\\?token=[\\w-]{32}$`),
        ),
      }),
    ]);
    // Another franchisee learns nothing of it, photos included.
    expect(
      await rejection(getDeskBooking(db(), franchisee(crypto.randomUUID()), row!.bookingId)),
    ).toMatchObject({ code: "NOT_FOUND" });
  });

  it("gives the customer the photos in their data export, and deletes them with the account (Law 25)", async () => {
    const PASSWORD = "Secret-pass-123";
    const userId = crypto.randomUUID();
    await db()
      .insert(s.users)
      .values({
        id: userId,
        email: `lea.${userId.slice(0, 8)}@example.com`,
        emailVerified: true,
        name: "Léa Tremblay",
        firstName: "Léa",
        lastName: "Tremblay",
        role: "client",
      });
    await db()
      .insert(s.accounts)
      .values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: await hashPassword(PASSWORD),
      });
    await db().update(s.appointments).set({ userId }).where(eq(s.appointments.id, stop));
    const before = photoFields("before");
    const after = photoFields("after");
    await storeJobPhoto(db(), storage, { actor: crew, fields: before, file: await photoJpegWithGps() });
    await storeJobPhoto(db(), storage, {
      actor: crew,
      fields: after,
      file: await photoJpegWithGps({ colour: { r: 20, g: 160, b: 220 } }),
    });
    // The colleague's stop keeps its own photo whatever happens to Léa's account.
    const colleagueFields = photoFields("before", colleagueStop);
    await storeJobPhoto(db(), storage, {
      actor: { ...crew, memberId: colleague },
      fields: colleagueFields,
      file: await photoJpegWithGps({ colour: { r: 200, g: 30, b: 30 } }),
    });
    const file = (id: string, appointmentId = stop) => path.join(root, jobPhotoKey(appointmentId, id));

    const exported = await exportClientData(db(), { userId, now: BOOKED_AT, storage });
    expect(exported.bookings).toHaveLength(1);
    expect(exported.bookings[0]!.photos).toEqual([
      { kind: "before", car: 1, takenAt: expect.any(Date), photo: expect.any(String) },
      { kind: "after", car: 1, takenAt: expect.any(Date), photo: expect.any(String) },
    ]);
    const byKind = Object.fromEntries(exported.bookings[0]!.photos.map((p) => [p.kind, p.photo]));
    expect(byKind.before).toBe(
      `data:image/webp;base64,${fs.readFileSync(file(before.id)).toString("base64")}`,
    );
    expect(byKind.after).toBe(`data:image/webp;base64,${fs.readFileSync(file(after.id)).toString("base64")}`);
    // No signed link to the files in the export: the pictures themselves.
    expect(JSON.stringify(exported)).not.toContain("/job-photos/");

    await deleteClientAccount(db(), { userId, password: PASSWORD, now: BOOKED_AT, storage });
    expect(
      await db().select().from(s.appointmentPhotos).where(eq(s.appointmentPhotos.appointmentId, stop)),
    ).toEqual([]);
    expect(fs.existsSync(file(before.id))).toBe(false);
    expect(fs.existsSync(file(after.id))).toBe(false);
    // The booking stays for the franchisee's records, anonymised (ADR 027).
    const [kept] = await db().select().from(s.appointments).where(eq(s.appointments.id, stop));
    expect(kept).toMatchObject({ userId: null, customerName: "Client supprimé" });
    expect(
      await db()
        .select({ id: s.appointmentPhotos.id })
        .from(s.appointmentPhotos)
        .where(eq(s.appointmentPhotos.appointmentId, colleagueStop)),
    ).toEqual([{ id: colleagueFields.id }]);
    expect(fs.existsSync(file(colleagueFields.id, colleagueStop))).toBe(true);
  });
});
