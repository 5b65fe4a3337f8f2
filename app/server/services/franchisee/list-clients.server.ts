import { and, eq, inArray, sql } from "drizzle-orm";
import { appointments } from "#db/schema";
import type { Db } from "../../db.server";
import { CLIENT_SEARCH_MAX } from "~/domain/franchisee/schemas";
import { customerKeyOf } from "../customers/customer-record.server";
import { BOOKED_STATUSES } from "./get-dashboard.server";

export interface ClientSummary {
  /** The customer record's key (ADR 096): /franchisee/clients/{key}. */
  key: string;
  email: string;
  name: string;
  phone: string;
  /** Completed washes. */
  washes: number;
  /** Start of the last completed wash, null before the first one. */
  lastVisit: Date | null;
  /** Sum of the completed washes, before taxes, in cents. */
  totalSpentCents: number;
  /** Scheduled appointments still to come or not yet marked. */
  scheduled: number;
}

const LIST_LIMIT = 500;

/** `%text%` for ILIKE with the wildcards of the text escaped. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The customers the franchisee served or will serve (scheduled or completed appointments), one
 * per e-mail address (case-insensitive), the most recent first. `search` matches the name, the
 * e-mail or the phone (case-insensitive; the phone also by its digits alone), on the server.
 */
export async function listClients(
  db: Db,
  { franchiseeId, search = "" }: { franchiseeId: string; search?: string },
): Promise<ClientSummary[]> {
  const q = search.trim().slice(0, CLIENT_SEARCH_MAX);
  const digits = q.replace(/\D/g, "");
  const match =
    q === ""
      ? undefined
      : sql`(${appointments.customerName} ilike ${contains(q)}
          or ${appointments.customerEmail} ilike ${contains(q)}
          or ${appointments.customerPhone} ilike ${contains(q)}
          ${digits.length >= 3 ? sql`or regexp_replace(${appointments.customerPhone}, '\\D', '', 'g') like ${contains(digits)}` : sql``})`;
  const key = sql<string>`lower(${appointments.customerEmail})`;
  const completed = sql`${appointments.status} = 'completed'`;
  const rows = await db
    .select({
      email: key,
      key: customerKeyOf(sql`min(${key})`),
      name: sql<string>`(array_agg(${appointments.customerName} order by ${appointments.startAt} desc))[1]`,
      phone: sql<string>`(array_agg(${appointments.customerPhone} order by ${appointments.startAt} desc))[1]`,
      washes: sql<number>`count(*) filter (where ${completed})`.mapWith(Number),
      lastVisit: sql<Date | null>`max(${appointments.startAt}) filter (where ${completed})`,
      totalSpentCents:
        sql<number>`coalesce(sum(${appointments.priceCents}) filter (where ${completed}), 0)`.mapWith(Number),
      scheduled: sql<number>`count(*) filter (where ${appointments.status} = 'scheduled')`.mapWith(Number),
      latest: sql`max(${appointments.startAt})`,
    })
    .from(appointments)
    .where(
      and(eq(appointments.franchiseeId, franchiseeId), inArray(appointments.status, [...BOOKED_STATUSES])),
    )
    .groupBy(key)
    // A customer matches when any of their appointments does; the figures count them all.
    .having(match ? sql`bool_or(${match})` : undefined)
    .orderBy(sql`max(${appointments.startAt}) desc`)
    .limit(LIST_LIMIT);
  return rows.map(({ latest: _, lastVisit, ...row }) => ({
    ...row,
    lastVisit: lastVisit ? new Date(lastVisit) : null,
  }));
}
