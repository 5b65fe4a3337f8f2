/**
 * The loyalty balance and its ledger: every change of points is a row of points_ledger written
 * in the same transaction as the balance, so a balance can always be explained.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { achievements, appointments, loyaltyPoints, pointsLedger, users } from "#db/schema";
import {
  achievementForCompletedCount,
  COMPLETED_APPOINTMENT_POINTS,
  WELCOME_POINTS,
  type AchievementType,
} from "~/domain/loyalty/achievements";
import type { Db, Tx } from "../../db.server";

/** French names of the achievements, stored with the row as the spec's achievement_name. */
export const ACHIEVEMENT_NAMES: Record<AchievementType, string> = {
  welcome: "Bienvenue !",
  first_wash: "Premier lavage",
  fifth_wash: "Cinq lavages",
  tenth_wash: "Dix lavages",
};

/** Grants an achievement once; the id when it was new, null when the client already had it. */
async function grantAchievement(
  tx: Tx,
  userId: string,
  type: AchievementType,
  pointsAwarded: number,
  now: Date,
): Promise<string | null> {
  const [row] = await tx
    .insert(achievements)
    .values({
      userId,
      achievementType: type,
      achievementName: ACHIEVEMENT_NAMES[type],
      pointsAwarded,
      earnedAt: now,
    })
    .onConflictDoNothing({ target: [achievements.userId, achievements.achievementType] })
    .returning({ id: achievements.id });
  return row?.id ?? null;
}

/**
 * Creates the client's loyalty record with the welcome bonus (100 points, 100 earned) and the
 * welcome achievement, once: when two requests race, the second insert does nothing.
 * Returns true when this call created it.
 */
export async function ensureLoyaltyProfile(
  db: Db | Tx,
  userId: string,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(loyaltyPoints)
      .values({ userId, points: WELCOME_POINTS, totalEarned: WELCOME_POINTS, createdAt: now })
      .onConflictDoNothing({ target: loyaltyPoints.userId })
      .returning({ userId: loyaltyPoints.userId });
    if (!created) return false;
    const achievementId = await grantAchievement(tx, userId, "welcome", WELCOME_POINTS, now);
    await tx.insert(pointsLedger).values({
      userId,
      delta: WELCOME_POINTS,
      balanceAfter: WELCOME_POINTS,
      reason: "welcome",
      achievementId,
      createdAt: now,
    });
    return true;
  });
}

/**
 * Credits points for an appointment, once per appointment and reason (the ledger's unique index):
 * the loyalty record is made if needed, the balance row locked, the ledger row written with the
 * balance after it, then the balance and the total earned raised. Call inside the transaction
 * that causes the credit; returns the ledger row's id, or null when it was already credited.
 */
export async function creditPoints(
  tx: Tx,
  {
    userId,
    delta,
    reason,
    appointmentId,
    now,
  }: {
    userId: string;
    delta: number;
    reason: "appointment_completed" | "referral";
    appointmentId: string;
    now: Date;
  },
): Promise<string | null> {
  await ensureLoyaltyProfile(tx, userId, now);
  const [balance] = await tx
    .select({ points: loyaltyPoints.points })
    .from(loyaltyPoints)
    .where(eq(loyaltyPoints.userId, userId))
    .for("update");
  const [entry] = await tx
    .insert(pointsLedger)
    .values({ userId, delta, balanceAfter: balance!.points + delta, reason, appointmentId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: pointsLedger.id });
  if (!entry) return null;
  await tx
    .update(loyaltyPoints)
    .set({
      points: sql`${loyaltyPoints.points} + ${delta}`,
      totalEarned: sql`${loyaltyPoints.totalEarned} + ${delta}`,
      updatedAt: now,
    })
    .where(eq(loyaltyPoints.userId, userId));
  return entry.id;
}

/** The client an appointment belongs to: its user, or the verified account with its e-mail address (ADR 025). */
async function appointmentOwner(tx: Tx, appointment: { userId: string | null; customerEmail: string }) {
  if (appointment.userId) return appointment.userId;
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = lower(${appointment.customerEmail})`, eq(users.emailVerified, true)),
    )
    .limit(1);
  return user?.id ?? null;
}

/**
 * Credits +50 points for a completed appointment, once per appointment (a unique index on the
 * ledger), and the achievement its count of completed washes reaches. Call inside the
 * transaction that marks the appointment completed. Returns the points credited (0 or 50).
 */
export async function creditCompletedAppointment(
  tx: Tx,
  appointmentId: string,
  now: Date = new Date(),
): Promise<number> {
  const [appointment] = await tx
    .select({
      id: appointments.id,
      userId: appointments.userId,
      customerEmail: appointments.customerEmail,
      status: appointments.status,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!appointment || appointment.status !== "completed") return 0;
  const userId = await appointmentOwner(tx, appointment);
  if (!userId) return 0;

  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const [counted] = await tx
    .select({ completed: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "completed"),
        or(
          eq(appointments.userId, userId),
          sql`lower(${appointments.customerEmail}) = lower(${owner!.email})`,
        ),
      ),
    );
  const type = achievementForCompletedCount(counted?.completed ?? 0);

  const entryId = await creditPoints(tx, {
    userId,
    delta: COMPLETED_APPOINTMENT_POINTS,
    reason: "appointment_completed",
    appointmentId,
    now,
  });
  if (!entryId) return 0;
  if (type) {
    const achievementId = await grantAchievement(tx, userId, type, 0, now);
    if (achievementId) {
      await tx
        .update(pointsLedger)
        .set({ achievementId })
        .where(inArray(pointsLedger.id, [entryId]));
    }
  }
  return COMPLETED_APPOINTMENT_POINTS;
}
