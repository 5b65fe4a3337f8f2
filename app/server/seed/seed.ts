import crypto from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  instantToZonedParts,
  zonedWallTimeToInstant,
} from "~/domain/time/zoned";
import type { Db } from "~/server/db.server";
import { defaultDisplayName } from "~/domain/reviews/reviews";
import { creditCompletedAppointment, ensureLoyaltyProfile } from "~/server/services/loyalty/ledger.server";
import * as s from "#db/schema";
import { seedDemoCrew } from "./seed-crew";
import {
  DEFAULT_AVAILABILITY,
  DEMO_ACCOUNTS,
  DEMO_CLIENT_HISTORY,
  DEMO_FRANCHISEE_ZONE,
  DEMO_PASSWORD,
  FRANCHISEES,
  INVENTORY,
  REWARDS,
  SERVICES,
  SIGNATURE_CHECKLIST,
  UPSELLS,
  WEEKDAYS,
  ZONES,
} from "./seed-data";

export interface SeedOptions {
  /** Seed the demo accounts (development or DEMO_ACCOUNTS=1 only). */
  demoAccounts: boolean;
}

/** Fills an empty database and leaves an already seeded one as it is (safe to run again). */
export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    for (const service of SERVICES) {
      await tx.insert(s.services).values(service).onConflictDoNothing({ target: s.services.slug });
    }
    const [signature] = await tx
      .select({ id: s.services.id })
      .from(s.services)
      .where(eq(s.services.slug, "lavage-signature"));
    const [hasSteps] = signature
      ? await tx
          .select({ id: s.serviceChecklistSteps.id })
          .from(s.serviceChecklistSteps)
          .where(eq(s.serviceChecklistSteps.serviceId, signature.id))
          .limit(1)
      : [];
    if (signature && !hasSteps) {
      await tx
        .insert(s.serviceChecklistSteps)
        .values(
          SIGNATURE_CHECKLIST.map((step, i) => ({ ...step, serviceId: signature.id, sortOrder: i + 1 })),
        );
    }
    for (const upsell of UPSELLS) {
      await tx.insert(s.upsellOptions).values(upsell).onConflictDoNothing({ target: s.upsellOptions.slug });
    }
    for (const zone of ZONES) {
      await tx
        .insert(s.serviceZones)
        .values({ ...zone, serviceRadiusKm: 25 })
        .onConflictDoNothing({ target: s.serviceZones.routeSlug });
    }
    for (const [index, item] of INVENTORY.entries()) {
      await tx
        .insert(s.inventoryItems)
        .values({ ...item, sortOrder: index + 1 })
        .onConflictDoNothing({ target: s.inventoryItems.sku });
    }
    for (const reward of REWARDS) {
      const [existing] = await tx
        .select({ id: s.rewards.id })
        .from(s.rewards)
        .where(eq(s.rewards.name, reward.name));
      if (!existing) await tx.insert(s.rewards).values(reward);
    }

    const demoUserIds = new Map<string, string>();
    if (options.demoAccounts) {
      // Hashed only if an account is missing: a restart of a seeded database spends no scrypt
      // (~100 ms of CPU and 32 MB of memory at start, ADR 054).
      let hash: Promise<string> | undefined;
      const demoHash = () => (hash ??= hashPassword(DEMO_PASSWORD));
      for (const account of DEMO_ACCOUNTS) {
        const id = await ensureUser(tx, account, demoHash);
        demoUserIds.set(account.role, id);
      }
    }

    for (const franchise of FRANCHISEES) {
      const demoUserId =
        franchise.zoneSlug === DEMO_FRANCHISEE_ZONE ? demoUserIds.get("franchisee") : undefined;
      const [zone] = await tx
        .select()
        .from(s.serviceZones)
        .where(eq(s.serviceZones.routeSlug, franchise.zoneSlug));
      if (!zone) continue;

      let franchiseeId = zone.franchiseeId;
      if (!franchiseeId) {
        const userId =
          demoUserId ??
          (await ensureUser(
            tx,
            {
              email: franchise.email,
              role: "franchisee",
              firstName: franchise.firstName,
              lastName: franchise.lastName,
            },
            null,
          ));
        await tx
          .insert(s.franchisees)
          .values({
            userId,
            businessName: franchise.businessName,
            phone: franchise.phone,
            email: franchise.email,
          })
          .onConflictDoNothing({ target: s.franchisees.userId });
        const [row] = await tx.select().from(s.franchisees).where(eq(s.franchisees.userId, userId));
        franchiseeId = row!.id;
        await tx.update(s.serviceZones).set({ franchiseeId }).where(eq(s.serviceZones.id, zone.id));
      } else if (demoUserId) {
        // The demo franchisee account runs the Granby franchise, even when seeded after it.
        const [owner] = await tx.select().from(s.franchisees).where(eq(s.franchisees.id, franchiseeId));
        const [demoOwns] = await tx.select().from(s.franchisees).where(eq(s.franchisees.userId, demoUserId));
        if (owner && owner.userId !== demoUserId && !demoOwns) {
          await tx
            .update(s.franchisees)
            .set({ userId: demoUserId })
            .where(eq(s.franchisees.id, franchiseeId));
        }
      }

      for (const member of franchise.team) {
        const [existing] = await tx
          .select({ id: s.teamMembers.id })
          .from(s.teamMembers)
          .where(and(eq(s.teamMembers.franchiseeId, franchiseeId), eq(s.teamMembers.email, member.email)));
        if (existing) continue;
        const [created] = await tx
          .insert(s.teamMembers)
          .values({ ...member, franchiseeId })
          .returning({ id: s.teamMembers.id });
        await tx
          .insert(s.teamAvailability)
          .values(
            WEEKDAYS.map((dayOfWeek) => ({ teamMemberId: created!.id, dayOfWeek, ...DEFAULT_AVAILABILITY })),
          );
      }
    }

    const demoClientId = demoUserIds.get("client");
    if (demoClientId) await seedDemoClientHistory(tx, demoClientId, new Date());
    const demoCrewId = demoUserIds.get("crew");
    if (demoCrewId) await seedDemoCrew(tx, demoCrewId, new Date());
  });
}

type SeedTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The demo client's past (demo accounts only): its welcome bonus, then washes completed by the
 * Granby team, each credited through the real loyalty path (+50 points, achievements, ledger).
 * Inserted once: the booking ids are fixed.
 */
async function seedDemoClientHistory(tx: SeedTx, clientId: string, now: Date): Promise<void> {
  const [zone] = await tx
    .select()
    .from(s.serviceZones)
    .where(eq(s.serviceZones.routeSlug, DEMO_FRANCHISEE_ZONE));
  const [service] = await tx.select().from(s.services).where(eq(s.services.slug, SERVICES[0].slug));
  if (!zone?.franchiseeId || !service) return;
  const [member] = await tx
    .select({ id: s.teamMembers.id })
    .from(s.teamMembers)
    .where(eq(s.teamMembers.franchiseeId, zone.franchiseeId))
    .orderBy(s.teamMembers.createdAt, s.teamMembers.id)
    .limit(1);
  const [client] = await tx.select().from(s.users).where(eq(s.users.id, clientId));
  if (!member || !client) return;

  const todayDate = instantToZonedParts(now, BUSINESS_TIME_ZONE).date;
  const at = (daysAgo: number, time: string) =>
    zonedWallTimeToInstant(addDaysToDateString(todayDate, -daysAgo), time, BUSINESS_TIME_ZONE);

  await ensureLoyaltyProfile(tx, clientId, at(DEMO_CLIENT_HISTORY.joinedDaysAgo, "09:00"));
  for (const wash of DEMO_CLIENT_HISTORY.washes) {
    const startAt = at(wash.daysAgo, "10:00");
    const endAt = new Date(startAt.getTime() + service.durationMinutes * 60_000);
    const completedAt = new Date(endAt.getTime() + 5 * 60_000);
    const [created] = await tx
      .insert(s.appointments)
      .values({
        bookingId: wash.bookingId,
        manageTokenHash: crypto.createHash("sha256").update(crypto.randomBytes(32)).digest("hex"),
        zoneId: zone.id,
        franchiseeId: zone.franchiseeId,
        teamMemberId: member.id,
        serviceId: service.id,
        userId: clientId,
        cars: 1,
        startAt,
        endAt,
        blockedUntil: new Date(endAt.getTime() + 30 * 60_000),
        status: "completed",
        customerName: client.name,
        customerEmail: client.email,
        customerPhone: DEMO_CLIENT_HISTORY.phone,
        address: DEMO_CLIENT_HISTORY.address,
        city: zone.zoneName,
        postalCode: DEMO_CLIENT_HISTORY.postalCode,
        unitPriceCents: service.basePriceCents,
        priceCents: service.basePriceCents,
        completedAt,
        createdAt: at(wash.daysAgo + 7, "19:00"),
      })
      .onConflictDoNothing({ target: s.appointments.bookingId })
      .returning({ id: s.appointments.id });
    if (created) {
      await creditCompletedAppointment(tx, created.id, completedAt);
      // Demo reviews (ADR 049), only here: the demo client's own completed washes.
      const review = DEMO_CLIENT_HISTORY.reviews.find((r) => r.bookingId === wash.bookingId);
      if (review) {
        const writtenAt = new Date(completedAt.getTime() + 24 * 60 * 60_000);
        await tx
          .insert(s.appointmentReviews)
          .values({
            appointmentId: created.id,
            rating: review.rating,
            comment: review.comment,
            displayName: defaultDisplayName(client.name),
            publishConsent: true,
            createdAt: writtenAt,
            updatedAt: writtenAt,
          })
          .onConflictDoNothing({ target: s.appointmentReviews.appointmentId });
      }
    }
  }
}

/** Creates the demo account of a role if missing (test login, setup-test-users); returns its id. */
export async function ensureDemoAccount(
  db: Db,
  role: (typeof DEMO_ACCOUNTS)[number]["role"],
): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return db.transaction(async (tx) => {
    const id = await ensureUser(tx, account, () => hashPassword(DEMO_PASSWORD));
    // The demo crew account is nothing without its team member (ADR 077).
    if (role === "crew") await seedDemoCrew(tx, id, new Date());
    return id;
  });
}

async function ensureUser(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  account: { email: string; role: string; firstName: string; lastName: string },
  passwordHash: (() => Promise<string>) | null,
): Promise<string> {
  const [existing] = await tx
    .select({ id: s.users.id })
    .from(s.users)
    .where(sql`lower(${s.users.email}) = ${account.email.toLowerCase()}`);
  if (existing) return existing.id;
  const id = crypto.randomUUID();
  await tx.insert(s.users).values({
    id,
    email: account.email,
    name: `${account.firstName} ${account.lastName}`,
    firstName: account.firstName,
    lastName: account.lastName,
    role: account.role,
    emailVerified: true,
  });
  if (passwordHash) {
    await tx.insert(s.accounts).values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: await passwordHash(),
    });
  }
  return id;
}
