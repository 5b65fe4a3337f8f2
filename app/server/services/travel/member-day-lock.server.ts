import crypto from "node:crypto";
import { entityKind, sql } from "drizzle-orm";
import type { Tx } from "../../db.server";

/**
 * The first key of the two-key advisory locks taken here (ADR 048): the two-key space never
 * meets the one-key locks of the rest of the app (win-back, SMS cap, migrations).
 */
const MEMBER_DAY_LOCK_SPACE = 48;

/** A signed 32-bit key for a member and a local day; a collision only serialises a little more. */
function memberDayKey(memberId: string, day: string): number {
  return crypto.createHash("sha256").update(`${memberId}:${day}`, "utf8").digest().readInt32BE(0);
}

/**
 * Serialises, per team member and local day, the transactions that place an appointment on a
 * member's day (booking, rescheduling, reassignment; ADR 048). The exclusion constraint forbids
 * overlaps only: without this, two bookings of one member at close but non-overlapping times
 * could each pass the travel check before the other committed. Taken before the busy ranges are
 * read (READ COMMITTED: the read then sees what the previous holder committed), held until the
 * transaction ends; the keys are taken in one order so that two transactions wanting several
 * members never wait on each other in a circle. Works on PostgreSQL and PGlite.
 */
export async function lockMemberDays(tx: Tx, memberIds: readonly string[], day: string): Promise<void> {
  const keys = [...new Set(memberIds.map((id) => memberDayKey(id, day)))].sort((a, b) => a - b);
  if (keys.length === 0) return;
  // One statement; the select list is evaluated left to right, so the locks come in key order.
  if (onNodePostgres(tx)) {
    // Keys written out (integers this module computed, never input): a statement without
    // parameters travels with the transaction's `begin`, one round trip (db.server.ts).
    await tx.execute(
      sql.raw(
        `select ${keys.map((key) => `pg_advisory_xact_lock(${MEMBER_DAY_LOCK_SPACE}, (${key})::int)`).join(", ")}`,
      ),
    );
    return;
  }
  // On PGlite each statement text is prepared once by name (ADR 054): the keys stay parameters.
  await tx.execute(
    sql`select ${sql.join(
      keys.map((key) => sql`pg_advisory_xact_lock(${MEMBER_DAY_LOCK_SPACE}::int, ${key}::int)`),
      sql`, `,
    )}`,
  );
}

/** A transaction of drizzle's node-postgres driver (not PGlite's). */
function onNodePostgres(tx: Tx): boolean {
  const kind = (tx.constructor as { [entityKind]?: string })[entityKind];
  return kind === "NodePgTransaction";
}
