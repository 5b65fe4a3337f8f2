import { eq, sql } from "drizzle-orm";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { openPglite, openPostgres, type Database, type Db } from "~/server/db.server";
import { bookSlot } from "~/server/services/booking/book-slot.server";
import { listOpenSlots } from "~/server/services/booking/list-open-slots.server";
import { tempDataDir } from "./server";

export interface TargetDatabase {
  /** Opens a handle on the server's database from the test (close it before the server starts). */
  open: () => Promise<Database>;
  /** Drops the PostgreSQL database (nothing on PGlite). */
  drop: () => Promise<void>;
}

/**
 * The database of a server under test: on PostgreSQL a new empty database on TEST_DATABASE_URL's
 * server (its URL put in `env.DATABASE_URL`), on PGlite a temporary folder (`env.DATA_DIR`, kept
 * when the caller set one).
 */
export async function targetDatabase(
  kind: "pglite" | "postgres",
  env: Record<string, string>,
): Promise<TargetDatabase> {
  if (kind === "postgres") {
    const { createPostgresDatabase } = await import("./postgres");
    const created = await createPostgresDatabase();
    env.DATABASE_URL = created.url;
    return { open: () => openPostgres(created.url, 2), drop: created.drop };
  }
  env.DATA_DIR ??= tempDataDir();
  const dataDir = env.DATA_DIR;
  return { open: () => openPglite({ dataDir }), drop: async () => {} };
}

/** Runs `use` on a handle of the database, then closes the handle. */
export function usingDatabase<T>(target: TargetDatabase, use: (db: Db) => Promise<T>): Promise<T> {
  return withHandle(target, false, use);
}

/** Migrates the database and seeds it with the demo accounts, then runs `use` on it. */
export function seededDatabase<T>(target: TargetDatabase, use: (db: Db) => Promise<T>): Promise<T> {
  return withHandle(target, true, use);
}

async function withHandle<T>(
  target: TargetDatabase,
  seeded: boolean,
  use: (db: Db) => Promise<T>,
): Promise<T> {
  const database = await target.open();
  try {
    if (seeded) {
      await database.migrate();
      await seed(database.db, { demoAccounts: true });
    }
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Books, as a guest, the `at`th open slot of a zone (from now; -1: the last one listed) for one
 * car at a street address of its town. How far away that slot is depends on the day and the hour
 * of the run (on a Saturday the first one is Monday's): a test that needs a booking near or far
 * passes `startsInHours`, and the booking is then moved there (see `moveToStartIn`).
 */
export async function bookOpenSlot(
  db: Db,
  zone: "granby" | "sherbrooke",
  {
    email,
    name = "Client Test",
    at = 0,
    startsInHours,
    now = new Date(),
  }: { email: string; name?: string; at?: number; startsInHours?: number; now?: Date },
) {
  const open = await listOpenSlots(db, { zoneSlug: zone, cars: 1, now });
  const start = open.days.flatMap((d) => d.slots).at(at)!.start;
  const address =
    zone === "granby" ? "120 rue Principale, Granby J2G 2T5" : "100 rue King Ouest, Sherbrooke J1H 1P4";
  const input = BookingRequestSchema.parse({
    zone,
    cars: 1,
    start,
    name,
    email,
    phone: "450 555 0199",
    address,
  });
  const booked = await bookSlot(db, { actor: null, input, now });
  if (startsInHours !== undefined) await moveToStartIn(db, booked.appointmentId, startsInHours, now);
  return booked;
}

/**
 * Moves a scheduled appointment so that it starts `hours` after `now` (on the minute), keeping
 * its length, its travel buffer and its team member, whatever the working hours of that moment:
 * the state a test needs (a booking less than 24 h away, on a Saturday night too), built directly.
 * When the member is busy then (the overlap constraint, 23P01), the next half hours are tried.
 */
export async function moveToStartIn(db: Db, appointmentId: string, hours: number, now: Date): Promise<Date> {
  const first = Math.ceil((now.getTime() + hours * 3_600_000) / 60_000) * 60_000;
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const start = new Date(first + attempt * 30 * 60_000);
    const iso = start.toISOString();
    try {
      await db
        .update(s.appointments)
        .set({
          startAt: start,
          endAt: sql`${iso}::timestamptz + (${s.appointments.endAt} - ${s.appointments.startAt})`,
          blockedUntil: sql`${iso}::timestamptz + (${s.appointments.blockedUntil} - ${s.appointments.startAt})`,
        })
        .where(eq(s.appointments.id, appointmentId));
      return start;
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code !== "23P01") throw error;
    }
  }
  throw new Error(`no free half hour ${hours} h from ${now.toISOString()} for appointment ${appointmentId}`);
}
