import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { ZoneFormSchema } from "~/domain/admin/schemas";
import { WaitlistFormSchema } from "~/domain/waitlist/schemas";
import { AppError } from "~/lib/errors";
import { openPostgres, type Database, type Db } from "~/server/db.server";
import { createMessagingHandlers } from "~/server/jobs/handlers/messaging.server";
import { createWaitlistHandlers } from "~/server/jobs/handlers/waitlist.server";
import { jobCounts } from "~/server/jobs/queue.server";
import { createWorker, type Worker } from "~/server/jobs/worker.server";
import type { OutgoingMail } from "~/server/mail/mailer.server";
import { memoryMailer } from "../../../../tests/factories/memory-mailer";
import { describeDatabases } from "../../../../tests/setup/db";
import { withDatabase } from "../../../../tests/setup/database-url";
import { saveZone } from "../admin/manage-zones.server";
import { confirmConsentWithToken, consentConfirmToken } from "../messaging/consent-confirm.server";
import { currentConsent } from "../messaging/consent.server";
import { unsubscribeWithToken, unsubscribeToken } from "../messaging/unsubscribe.server";
import { joinWaitlist } from "./join-waitlist.server";
import { listWaitlist } from "./list-waitlist.server";

const admin = { id: "owner", role: "admin" as const };
/** Saint-Hyacinthe: about 32 km from Granby's centre, outside every zone of the seed. */
const SAINT_HYACINTHE = "J2S 1A1";

const form = (email: string, postalCode = SAINT_HYACINTHE) =>
  WaitlistFormSchema.parse({ email, postalCode, consent: "on" });

/** Sets Granby's radius through the admin service, as the coverage page does. */
async function setGranbyRadius(db: Db, km: number): Promise<void> {
  const [granby] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
  const decimal = (n: number) => String(n).replace(".", ",");
  await saveZone(db, {
    actor: admin,
    input: ZoneFormSchema.parse({
      id: granby!.id,
      zoneName: granby!.zoneName,
      routeSlug: granby!.routeSlug,
      centerLatitude: decimal(granby!.centerLatitude),
      centerLongitude: decimal(granby!.centerLongitude),
      serviceRadiusKm: decimal(km),
      status: granby!.status,
      franchiseeId: granby!.franchiseeId ?? "",
    }),
  });
}

function waitlistWorker(db: Db, workerId: string, sent: OutgoingMail[]): Worker {
  return createWorker(db, {
    workerId,
    pollIntervalMs: 10,
    concurrency: 4,
    handlers: {
      ...createMessagingHandlers({ mailer: memoryMailer(sent) }),
      ...createWaitlistHandlers({ mailer: memoryMailer(sent) }),
    },
  });
}

async function drain(db: Db, workers: Worker[]): Promise<void> {
  for (const worker of workers) worker.start();
  try {
    await vi.waitFor(
      async () => {
        const counts = await jobCounts(db);
        expect(counts.pending + counts.running).toBe(0);
      },
      { timeout: 20_000, interval: 25 },
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
}

describeDatabases("waiting list (ADR 046)", ({ db, kind }) => {
  /** A second pool on the same PostgreSQL database: the second worker's own connections. */
  let second: Database | null = null;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    if (kind === "postgres") {
      const [current] = await db()
        .select({ name: sql<string>`current_database()` })
        .from(sql`(values (1)) as one`);
      second = await openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, current!.name), 4);
    }
  });

  afterAll(async () => {
    await second?.close();
  });

  // The box records a request, not consent: nobody has proven the address yet (ADR 071; before,
  // this test expected a 'given' express consent at once).
  it("stores one entry per e-mail and postal code, with its FSA, town, point and a consent request to confirm", async () => {
    const first = await joinWaitlist(db(), { input: form("Marie@Exemple.com"), ip: "198.51.100.1" });
    expect(first).toEqual({ status: "joined", postalCode: SAINT_HYACINTHE });
    await joinWaitlist(db(), { input: form("marie@exemple.com"), ip: "198.51.100.1" });

    const entries = await db()
      .select()
      .from(s.waitlistEntries)
      .where(eq(s.waitlistEntries.email, "marie@exemple.com"));
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      postalCode: "J2S 1A1",
      fsa: "J2S",
      town: "Saint-Hyacinthe",
      notifiedAt: null,
    });
    expect(entry!.latitude).toBeCloseTo(45.6, 0);
    const [consent] = await db()
      .select()
      .from(s.consentEvents)
      .where(eq(s.consentEvents.id, entry!.consentEventId!));
    expect(consent).toMatchObject({
      channel: "email",
      address: "marie@exemple.com",
      kind: "express",
      action: "requested",
      source: "waitlist_form",
    });
    expect((await currentConsent(db(), "email", "marie@exemple.com")).state).toBe("none");
    // One confirmation e-mail queued for the address, however many times the form is sent.
    const asks = await db().select().from(s.jobs).where(eq(s.jobs.name, "email.consent-confirm"));
    expect(asks.map((job) => job.payload)).toEqual([{ address: "marie@exemple.com" }]);
  });

  it("stores nothing for a code already served or outside Quebec", async () => {
    expect(await joinWaitlist(db(), { input: form("a@exemple.com", "J2G 1A1"), ip: "198.51.100.2" })).toEqual(
      {
        status: "served",
        zoneName: "Granby",
        routeSlug: "granby",
      },
    );
    expect(await joinWaitlist(db(), { input: form("a@exemple.com", "K1P 1J1"), ip: "198.51.100.2" })).toEqual(
      {
        status: "outside-quebec",
      },
    );
    const rows = await db()
      .select()
      .from(s.waitlistEntries)
      .where(eq(s.waitlistEntries.email, "a@exemple.com"));
    expect(rows).toEqual([]);
  });

  it("limits sign-ups per address", async () => {
    for (let i = 0; i < 5; i++) {
      await joinWaitlist(db(), { input: form(`limit${i}@exemple.com`, "G5L 1A1"), ip: "198.51.100.3" });
    }
    await expect(
      joinWaitlist(db(), { input: form("limit5@exemple.com", "G5L 1A1"), ip: "198.51.100.3" }),
    ).rejects.toEqual(new AppError("RATE_LIMITED"));
  });

  it("groups the list by town and by postal area for the admin only", async () => {
    const list = await listWaitlist(db(), { actor: admin });
    expect(list.byFsa).toEqual([
      { key: "G5L", waiting: 5, notified: 0 },
      { key: "J2S", waiting: 1, notified: 0 },
    ]);
    expect(list.byTown.find((group) => group.key === "Saint-Hyacinthe")).toEqual({
      key: "Saint-Hyacinthe",
      waiting: 1,
      notified: 0,
    });
    expect(list).toMatchObject({ waiting: 6, notified: 0 });
    await expect(listWaitlist(db(), { actor: { id: "c", role: "client" } })).rejects.toEqual(
      new AppError("FORBIDDEN"),
    );
  });

  it("asks each address to confirm, and a confirmed address only gets the commercial e-mail", async () => {
    const sent: OutgoingMail[] = [];
    await joinWaitlist(db(), { input: form("inconnu@exemple.com", "G5L 1A1"), ip: "203.0.113.200" });
    await drain(db(), [waitlistWorker(db(), "worker-0", sent)]);
    const ask = sent.find((mail) => mail.to === "inconnu@exemple.com")!;
    expect(ask.subject).toBe("Confirmez votre abonnement aux offres de Lavage Mobile Prestige");
    expect(ask.text).not.toContain("Se désabonner");
    const token = /\/confirm-offers\?token=([\w.-]+)/.exec(ask.text)![1]!;
    expect((await currentConsent(db(), "email", "inconnu@exemple.com")).state).toBe("none");
    // A forged token confirms nothing; the genuine one does, and a second press adds nothing.
    expect(await confirmConsentWithToken(db(), `${token}x`)).toBeNull();
    expect(await confirmConsentWithToken(db(), token)).toBe("inconnu@exemple.com");
    expect(await confirmConsentWithToken(db(), token)).toBe("inconnu@exemple.com");
    expect(await currentConsent(db(), "email", "inconnu@exemple.com")).toMatchObject({
      state: "express",
      source: "email_confirmation",
    });
    const events = await db()
      .select({ action: s.consentEvents.action })
      .from(s.consentEvents)
      .where(eq(s.consentEvents.address, "inconnu@exemple.com"));
    expect(events.map((e) => e.action).sort()).toEqual(["given", "requested"]);
    // An unsubscribe token is not a confirmation token (keys of their own).
    expect(
      await confirmConsentWithToken(db(), await unsubscribeToken(db(), "email", "x@exemple.com")),
    ).toBeNull();
  });

  it("sends one e-mail to each person a grown zone now covers, exactly once with two workers", async () => {
    // 20 more people in Saint-Hyacinthe; one of them has unsubscribed since, and the last one
    // never confirmed the e-mail (ADR 071): neither gets the commercial e-mail.
    const people = Array.from({ length: 20 }, (_, i) => `attente${i}@exemple.com`);
    for (const [i, email] of people.entries()) {
      await joinWaitlist(db(), { input: form(email), ip: `203.0.113.${i}` });
    }
    const asked: OutgoingMail[] = [];
    await drain(db(), [waitlistWorker(db(), "worker-0", asked)]);
    for (const mail of asked) {
      if (mail.to === "attente19@exemple.com") continue;
      const token = /\/confirm-offers\?token=([\w.-]+)/.exec(mail.text)?.[1];
      if (token) await confirmConsentWithToken(db(), token);
    }
    await confirmConsentWithToken(db(), await consentConfirmToken(db(), "marie@exemple.com"));
    await unsubscribeWithToken(db(), await unsubscribeToken(db(), "email", "attente0@exemple.com"));

    // The admin grows Granby over Saint-Hyacinthe, then saves it twice more: three checks queued.
    await setGranbyRadius(db(), 35);
    await setGranbyRadius(db(), 36);
    await setGranbyRadius(db(), 37);
    const queued = await db().select().from(s.jobs).where(eq(s.jobs.name, "waitlist.notify"));
    expect(queued.filter((job) => job.status === "pending")).toHaveLength(3);

    const sent: OutgoingMail[] = [];
    const otherDb = second?.db ?? db();
    await drain(db(), [waitlistWorker(db(), "worker-1", sent), waitlistWorker(otherDb, "worker-2", sent)]);

    const recipients = sent.map((mail) => mail.to).sort();
    expect(recipients).toEqual(["marie@exemple.com", ...people.slice(1, 19)].sort());
    const mail = sent.find((m) => m.to === "marie@exemple.com")!;
    expect(mail.subject).toBe("Le lavage mobile arrive dans votre secteur : Granby");
    expect(mail.text).toContain("J2S 1A1");
    expect(mail.text).toContain("/franchise/granby");
    expect(mail.text).toContain("Se désabonner");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Rimouski (G5L) stays waiting; everyone in J2S is marked notified by Granby.
    const list = await listWaitlist(db(), { actor: admin });
    expect(list.byFsa).toEqual([
      { key: "G5L", waiting: 6, notified: 0 },
      { key: "J2S", waiting: 0, notified: 21 },
    ]);

    // Another save later queues another check: nobody gets a second e-mail.
    await setGranbyRadius(db(), 38);
    await drain(db(), [waitlistWorker(db(), "worker-3", sent)]);
    expect(sent).toHaveLength(19);
    await setGranbyRadius(db(), 25);
  });
});
