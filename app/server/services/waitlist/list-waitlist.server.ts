import { asc, count, sql } from "drizzle-orm";
import { waitlistEntries } from "#db/schema";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";

export interface WaitlistGroup {
  /** The town, or the three-character postal area. */
  key: string | null;
  waiting: number;
  notified: number;
}

/**
 * The waiting list for the admin's coverage page (ADR 046): counts by town and by FSA, the
 * largest waiting groups first. Counts only: no e-mail address leaves the database here.
 */
export async function listWaitlist(
  db: Db,
  { actor }: { actor: AdminActor },
): Promise<{ byTown: WaitlistGroup[]; byFsa: WaitlistGroup[]; waiting: number; notified: number }> {
  assertAdmin(actor);
  const waiting = sql<number>`(count(*) filter (where ${waitlistEntries.notifiedAt} is null))::int`;
  const notified = sql<number>`(count(*) filter (where ${waitlistEntries.notifiedAt} is not null))::int`;
  const [byTown, byFsa, [totals]] = await Promise.all([
    db
      .select({ key: waitlistEntries.town, waiting, notified })
      .from(waitlistEntries)
      .groupBy(waitlistEntries.town)
      .orderBy(sql`2 desc`, asc(waitlistEntries.town)),
    db
      .select({ key: waitlistEntries.fsa, waiting, notified })
      .from(waitlistEntries)
      .groupBy(waitlistEntries.fsa)
      .orderBy(sql`2 desc`, asc(waitlistEntries.fsa)),
    db.select({ all: count(), notified }).from(waitlistEntries),
  ]);
  const all = totals?.all ?? 0;
  const done = totals?.notified ?? 0;
  return { byTown, byFsa, waiting: all - done, notified: done };
}
