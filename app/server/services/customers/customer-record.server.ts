/**
 * A customer's record (issue 33, item 11; ADR 096): the customer is their e-mail address, lower
 * case, as on the clients list; a URL names them by the first 32 hex digits of its SHA-256 (the
 * address never travels in a path or a log). A franchisee sees only the customers of its own
 * appointments and only those appointments (`franchiseeId`); the admin sees them all (null).
 * Anything out of scope is NOT_FOUND, as a key that is nobody's.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  appointmentReviews,
  appointments,
  customerNotes,
  customerVehicles,
  franchisees,
  loyaltyPoints,
  payments,
  services,
  users,
  vehicleSizeClasses,
} from "#db/schema";
import { vehicleLabel } from "~/domain/booking/vehicles";
import type { CustomerNote, CustomerRecord } from "~/domain/customers/record";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { currentConsent } from "../messaging/consent.server";

/** Whose customers: one franchisee's, or every one's (the admin). */
export interface CustomerScope {
  franchiseeId: string | null;
}

/** Who writes a note: the signed-in staff member, with their name as shown beside the note. */
export interface NoteAuthor {
  userId: string;
  name: string;
}

/** The key of an e-mail in SQL: the same digits for the list's links and the record's look-up. */
export function customerKeyOf(email: SQL | typeof appointments.customerEmail): SQL<string> {
  return sql<string>`left(encode(sha256(convert_to(lower(${email}), 'UTF8')), 'hex'), 32)`;
}

function inScope(scope: CustomerScope): SQL | undefined {
  return scope.franchiseeId ? eq(appointments.franchiseeId, scope.franchiseeId) : undefined;
}

/** The notes a scope reads: its own and head office's (a franchisee), all of them (the admin). */
function notesInScope(scope: CustomerScope): SQL | undefined {
  return scope.franchiseeId
    ? or(eq(customerNotes.franchiseeId, scope.franchiseeId), isNull(customerNotes.franchiseeId))
    : undefined;
}

/** The customer's e-mail (lower case) behind a key, in scope; NOT_FOUND otherwise. */
export async function resolveCustomer(db: Db | Tx, scope: CustomerScope, key: string): Promise<string> {
  if (!/^[0-9a-f]{32}$/.test(key)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ email: sql<string>`lower(${appointments.customerEmail})` })
    .from(appointments)
    .where(and(inScope(scope), sql`${customerKeyOf(appointments.customerEmail)} = ${key}`))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row.email;
}

async function notesOf(db: Db | Tx, scope: CustomerScope, email: string): Promise<CustomerNote[]> {
  const rows = await db
    .select({
      id: customerNotes.id,
      body: customerNotes.body,
      authorName: customerNotes.authorName,
      createdAt: customerNotes.createdAt,
      editedByName: customerNotes.editedByName,
      editedAt: customerNotes.editedAt,
      franchiseeId: customerNotes.franchiseeId,
      franchiseName: franchisees.businessName,
    })
    .from(customerNotes)
    .leftJoin(franchisees, eq(franchisees.id, customerNotes.franchiseeId))
    .where(and(eq(customerNotes.customerEmail, email), notesInScope(scope)))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
  return rows.map((row) => ({
    ...row,
    editable: scope.franchiseeId === null || row.franchiseeId === scope.franchiseeId,
  }));
}

/** The whole record of the customer behind `key`, in scope (NOT_FOUND otherwise). */
export async function loadCustomerRecord(
  db: Db,
  { scope, key, now = new Date() }: { scope: CustomerScope; key: string; now?: Date },
): Promise<CustomerRecord> {
  const email = await resolveCustomer(db, scope, key);
  const mine = and(inScope(scope), sql`lower(${appointments.customerEmail}) = ${email}`);
  const bookings = await db
    .select({
      id: appointments.id,
      bookingId: appointments.bookingId,
      startAt: appointments.startAt,
      status: appointments.status,
      serviceName: services.name,
      priceCents: appointments.priceCents,
      franchiseName: franchisees.businessName,
      customerName: appointments.customerName,
      customerPhone: appointments.customerPhone,
      address: appointments.address,
      postalCode: appointments.postalCode,
      userId: appointments.userId,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(franchisees, eq(franchisees.id, appointments.franchiseeId))
    .where(mine)
    .orderBy(desc(appointments.startAt), desc(appointments.id));
  const latest = bookings[0]!;
  const ids = bookings.map((b) => b.id);

  // The account: the one a booking names, else the address's own.
  const named = bookings.find((b) => b.userId)?.userId ?? null;
  const [account] = await db
    .select({ id: users.id, since: users.createdAt, emailVerified: users.emailVerified })
    .from(users)
    .where(named ? eq(users.id, named) : sql`lower(${users.email}) = ${email}`)
    .limit(1);

  const [points] = account
    ? await db
        .select({ points: loyaltyPoints.points })
        .from(loyaltyPoints)
        .where(eq(loyaltyPoints.userId, account.id))
    : [];
  const vehicles = account
    ? await db
        .select({
          id: customerVehicles.id,
          make: customerVehicles.make,
          model: customerVehicles.model,
          year: customerVehicles.year,
          colour: customerVehicles.colour,
          plate: customerVehicles.plate,
          sizeClassName: vehicleSizeClasses.name,
        })
        .from(customerVehicles)
        .innerJoin(vehicleSizeClasses, eq(vehicleSizeClasses.id, customerVehicles.sizeClassId))
        .where(eq(customerVehicles.userId, account.id))
        .orderBy(asc(customerVehicles.createdAt), asc(customerVehicles.id))
    : [];

  const reviews = await db
    .select({
      bookingId: appointments.bookingId,
      rating: appointmentReviews.rating,
      comment: appointmentReviews.comment,
      createdAt: appointmentReviews.createdAt,
      hiddenAt: appointmentReviews.hiddenAt,
    })
    .from(appointmentReviews)
    .innerJoin(appointments, eq(appointments.id, appointmentReviews.appointmentId))
    .where(mine)
    .orderBy(desc(appointmentReviews.createdAt));

  const [paid] = await db
    .select({
      cents:
        sql<number>`coalesce(sum(case when ${payments.kind} = 'refund' then -${payments.amountCents} else ${payments.amountCents} end), 0)`.mapWith(
          Number,
        ),
    })
    .from(payments)
    .where(and(inArray(payments.appointmentId, ids), eq(payments.status, "succeeded")));
  const completed = bookings.filter((b) => b.status === "completed");

  const [emailConsent, smsConsent] = await Promise.all([
    currentConsent(db, "email", email, now),
    currentConsent(db, "sms", latest.customerPhone, now),
  ]);

  return {
    key,
    email,
    name: latest.customerName,
    phone: latest.customerPhone,
    address:
      latest.postalCode && !latest.address.includes(latest.postalCode)
        ? `${latest.address} ${latest.postalCode}`
        : latest.address,
    account: account ?? null,
    points: account ? (points?.points ?? 0) : null,
    vehicles: vehicles.map((v) => ({
      id: v.id,
      label: vehicleLabel(v),
      sizeClassName: v.sizeClassName,
      plate: v.plate,
    })),
    consent: { email: emailConsent, sms: smsConsent },
    bookings: bookings.map(({ id, bookingId, startAt, status, serviceName, priceCents, franchiseName }) => ({
      id,
      bookingId,
      startAt,
      status,
      serviceName,
      priceCents,
      franchiseName,
    })),
    reviews: reviews.map(({ hiddenAt, ...r }) => ({ ...r, hidden: hiddenAt !== null })),
    totals: {
      washes: completed.length,
      completedValueCents: completed.reduce((sum, b) => sum + b.priceCents, 0),
      paidCents: paid?.cents ?? 0,
    },
    notes: await notesOf(db, scope, email),
  };
}

/**
 * Adds a note on the customer behind `key` (NOT_FOUND out of scope). A franchisee's note is its
 * own; the admin's is head office's. `noteId` is made when the form is shown: the same form sent
 * twice adds one note.
 */
export async function addCustomerNote(
  db: Db,
  {
    scope,
    key,
    author,
    noteId,
    body,
    now = new Date(),
  }: { scope: CustomerScope; key: string; author: NoteAuthor; noteId: string; body: string; now?: Date },
): Promise<void> {
  const email = await resolveCustomer(db, scope, key);
  await db
    .insert(customerNotes)
    .values({
      id: noteId,
      franchiseeId: scope.franchiseeId,
      customerEmail: email,
      body,
      authorUserId: author.userId,
      authorName: author.name,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: customerNotes.id });
}

/** Edits a note of the customer behind `key` that the scope may edit (NOT_FOUND otherwise). */
export async function editCustomerNote(
  db: Db,
  {
    scope,
    key,
    author,
    noteId,
    body,
    now = new Date(),
  }: { scope: CustomerScope; key: string; author: NoteAuthor; noteId: string; body: string; now?: Date },
): Promise<void> {
  const email = await resolveCustomer(db, scope, key);
  const edited = await db
    .update(customerNotes)
    .set({ body, editedByName: author.name, editedAt: now, updatedAt: now })
    .where(
      and(
        eq(customerNotes.id, noteId),
        eq(customerNotes.customerEmail, email),
        scope.franchiseeId ? eq(customerNotes.franchiseeId, scope.franchiseeId) : undefined,
      ),
    )
    .returning({ id: customerNotes.id });
  if (edited.length === 0) throw new AppError("NOT_FOUND");
}

/**
 * The notes the crew reads on a stop (ADR 096): its franchisee's and head office's on the stop's
 * customer. The caller has checked the stop is the member's own; the franchisee is checked again.
 */
export async function notesForStop(
  db: Db | Tx,
  { franchiseeId, appointmentId }: { franchiseeId: string; appointmentId: string },
): Promise<Pick<CustomerNote, "id" | "body" | "authorName" | "createdAt" | "editedAt">[]> {
  return db
    .select({
      id: customerNotes.id,
      body: customerNotes.body,
      authorName: customerNotes.authorName,
      createdAt: customerNotes.createdAt,
      editedAt: customerNotes.editedAt,
    })
    .from(customerNotes)
    .innerJoin(appointments, sql`${customerNotes.customerEmail} = lower(${appointments.customerEmail})`)
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.franchiseeId, franchiseeId),
        or(eq(customerNotes.franchiseeId, franchiseeId), isNull(customerNotes.franchiseeId)),
      ),
    )
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
}
