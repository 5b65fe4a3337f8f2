import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { appointments, franchisees, payments, serviceZones } from "#db/schema";
import type { Db } from "../../db.server";
import { CLIENT_SEARCH_MAX } from "~/domain/franchisee/schemas";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";
import { customerKeyOf } from "../customers/customer-record.server";
import { memberEmailsOf } from "../memberships/membership-views.server";
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

/** Customers per page of the admin's list (/admin/clients). */
export const NETWORK_CLIENTS_PAGE_SIZE = 50;

/** `%text%` for ILIKE with the wildcards of the text escaped. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The customer is their e-mail address, lower case (ADR 096). */
const emailKey = sql<string>`lower(${appointments.customerEmail})`;

/**
 * The condition, on one appointment, that `search` matches its name, e-mail or phone
 * (case-insensitive; the phone also by its digits alone); undefined for an empty search.
 */
function matching(search: string): SQL | undefined {
  const q = search.trim().slice(0, CLIENT_SEARCH_MAX);
  if (q === "") return undefined;
  const digits = q.replace(/\D/g, "");
  return sql`(${appointments.customerName} ilike ${contains(q)}
    or ${appointments.customerEmail} ilike ${contains(q)}
    or ${appointments.customerPhone} ilike ${contains(q)}
    ${digits.length >= 3 ? sql`or regexp_replace(${appointments.customerPhone}, '\\D', '', 'g') like ${contains(digits)}` : sql``})`;
}

/**
 * The one clients query of the franchisee's and the admin's lists: scheduled or completed
 * appointments (`where` narrows them), one row per e-mail address, the most recent booking first.
 * A customer is kept when any of those appointments satisfies `having` (the search, the admin's
 * franchisee); the figures count them all.
 */
function clientRows(db: Db, { where, having }: { where?: SQL; having?: SQL }) {
  const completed = sql`${appointments.status} = 'completed'`;
  return db
    .select({
      email: emailKey,
      key: customerKeyOf(sql`min(${emailKey})`),
      name: sql<string>`(array_agg(${appointments.customerName} order by ${appointments.startAt} desc))[1]`,
      phone: sql<string>`(array_agg(${appointments.customerPhone} order by ${appointments.startAt} desc))[1]`,
      washes: sql<number>`count(*) filter (where ${completed})`.mapWith(Number),
      lastVisit: sql<Date | string | null>`max(${appointments.startAt}) filter (where ${completed})`,
      totalSpentCents:
        sql<number>`coalesce(sum(${appointments.priceCents}) filter (where ${completed}), 0)`.mapWith(Number),
      scheduled: sql<number>`count(*) filter (where ${appointments.status} = 'scheduled')`.mapWith(Number),
      latest: sql<Date | string>`max(${appointments.startAt})`,
      franchiseeIds: sql<string>`string_agg(distinct ${appointments.franchiseeId}::text, ',')`,
    })
    .from(appointments)
    .where(and(inArray(appointments.status, [...BOOKED_STATUSES]), where))
    .groupBy(emailKey)
    .having(having)
    .orderBy(sql`max(${appointments.startAt}) desc`, emailKey)
    .$dynamic();
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The customers the franchisee served or will serve (scheduled or completed appointments), one
 * per e-mail address (case-insensitive), the most recent first. `search` matches the name, the
 * e-mail or the phone (case-insensitive; the phone also by its digits alone), on the server.
 */
export async function listClients(
  db: Db,
  { franchiseeId, search = "" }: { franchiseeId: string; search?: string },
): Promise<ClientSummary[]> {
  const match = matching(search);
  const rows = await clientRows(db, {
    where: eq(appointments.franchiseeId, franchiseeId),
    having: match ? sql`bool_or(${match})` : undefined,
  }).limit(LIST_LIMIT);
  return rows.map(({ latest: _, franchiseeIds: __, lastVisit, ...row }) => ({
    ...row,
    lastVisit: dateOf(lastVisit),
  }));
}

/** A franchisee the admin can narrow the list to, with the zones it serves. */
export interface FranchiseeChoice {
  id: string;
  businessName: string;
  zones: string[];
}

export interface NetworkClientSummary extends ClientSummary {
  /** Start of the most recent scheduled or completed appointment (the list's order). */
  latest: Date;
  /** The franchisees that served or will serve them, by name. */
  franchises: string[];
  /**
   * Successful payments less refunds on all their bookings, taxes and tips included: the
   * record's « Total payé (reçus) », from the same ledger (ADR 096).
   */
  paidCents: number;
  /** An active or paused membership with any franchisee. */
  member: boolean;
}

export interface NetworkClients {
  clients: NetworkClientSummary[];
  /** Customers matching, on every page. */
  total: number;
  /** The page shown (1 = the most recent customers), within 1..pages. */
  page: number;
  pages: number;
  /** Every franchisee, by name: the filter's choices. */
  franchisees: FranchiseeChoice[];
  /** The franchisee the list was narrowed to: null for the network (or one that does not exist). */
  franchiseeId: string | null;
}

/**
 * The admin's list of every customer of the network (/admin/clients): the franchisee's list's
 * query without its franchisee, narrowed to the customers of `franchiseeId` when given, a page at
 * a time. The figures of a row count all their bookings, as the record it opens does.
 */
export async function listNetworkClients(
  db: Db,
  {
    actor,
    franchiseeId = null,
    search = "",
    page = 1,
    pageSize = NETWORK_CLIENTS_PAGE_SIZE,
  }: { actor: AdminActor; franchiseeId?: string | null; search?: string; page?: number; pageSize?: number },
): Promise<NetworkClients> {
  assertAdmin(actor);
  const choices = (
    await db
      .select({
        id: franchisees.id,
        businessName: franchisees.businessName,
        zones: sql<
          string | null
        >`string_agg(${serviceZones.zoneName}, chr(31) order by ${serviceZones.zoneName})`,
      })
      .from(franchisees)
      .leftJoin(serviceZones, eq(serviceZones.franchiseeId, franchisees.id))
      .groupBy(franchisees.id, franchisees.businessName)
      .orderBy(asc(franchisees.businessName), asc(franchisees.id))
  ).map(({ zones, ...f }) => ({ ...f, zones: zones ? zones.split("\u001f") : [] }));
  const narrowed = choices.some((f) => f.id === franchiseeId) ? franchiseeId : null;

  const match = matching(search);
  const conditions = [
    match ? sql`bool_or(${match})` : undefined,
    narrowed ? sql`bool_or(${appointments.franchiseeId} = ${narrowed})` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const having = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;

  // The page's customers first, from two figures per customer (its e-mail and latest booking),
  // with the count of every page beside them; then each one's figures from its own bookings
  // alone (the e-mail's index). Grouping every booking of the network with all the figures made
  // the page grow with the network (ADR 105).
  const pageOf = (n: number) =>
    db
      .select({
        email: emailKey,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(appointments)
      .where(inArray(appointments.status, [...BOOKED_STATUSES]))
      .groupBy(emailKey)
      .having(having)
      .orderBy(sql`max(${appointments.startAt}) desc`, emailKey)
      .limit(pageSize)
      .offset((n - 1) * pageSize);
  let current = Math.max(1, Math.floor(page));
  let chosen = await pageOf(current);
  if (chosen.length === 0 && current > 1) {
    // Past the last page: the last one (its number from the count, then its customers).
    const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(
      db
        .select({ email: sql<string>`${emailKey}`.as("email") })
        .from(appointments)
        .where(inArray(appointments.status, [...BOOKED_STATUSES]))
        .groupBy(emailKey)
        .having(having)
        .as("clients"),
    );
    current = Math.max(1, Math.ceil((counted?.total ?? 0) / pageSize));
    chosen = await pageOf(current);
  }
  const total = chosen[0]?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const order = new Map(chosen.map((row, i) => [row.email, i]));
  const rows =
    chosen.length === 0
      ? []
      : (await clientRows(db, { where: inArray(emailKey, [...order.keys()]) })).sort(
          (a, b) => order.get(a.email)! - order.get(b.email)!,
        );
  const emails = rows.map((row) => row.email);
  const [paid, members] = await Promise.all([
    emails.length === 0
      ? []
      : db
          .select({
            email: emailKey,
            cents:
              sql<number>`coalesce(sum(case when ${payments.kind} = 'refund' then -${payments.amountCents} else ${payments.amountCents} end), 0)`.mapWith(
                Number,
              ),
          })
          .from(payments)
          .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
          .where(and(eq(payments.status, "succeeded"), inArray(emailKey, emails)))
          .groupBy(emailKey),
    memberEmailsOf(db, null, emails),
  ]);
  const names = new Map(choices.map((f) => [f.id, f.businessName]));
  return {
    clients: rows.map(({ latest, lastVisit, franchiseeIds, ...row }) => ({
      ...row,
      lastVisit: dateOf(lastVisit),
      latest: dateOf(latest)!,
      franchises: (franchiseeIds ?? "")
        .split(",")
        .flatMap((id) => names.get(id) ?? [])
        .sort((a, b) => a.localeCompare(b, "fr-CA")),
      paidCents: paid.find((p) => p.email === row.email)?.cents ?? 0,
      member: members.has(row.email),
    })),
    total,
    page: current,
    pages,
    franchisees: choices,
    franchiseeId: narrowed,
  };
}
