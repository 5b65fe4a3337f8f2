import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { appointments, users } from "#db/schema";
import { isPhoneVerified } from "~/domain/account/phone-verification";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";

export interface ClientOwner {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  name: string;
  phone: string | null;
  /** The E.164 number the account verified by SMS code (ADR 043), if any. */
  verifiedPhone: string | null;
  role: string;
  createdAt: Date;
}

/** The account of a signed-in client (NOT_FOUND when it was deleted meanwhile). */
export async function loadClient(db: Db | Tx, userId: string): Promise<ClientOwner> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      phone: users.phone,
      verifiedPhone: users.verifiedPhone,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND");
  return user;
}

/**
 * The appointments of a client (docs/product-decisions.md, 'Booking'; ADR 025): those linked to the
 * account (booked signed in, or with its e-mail once the account existed), and, once the
 * address is verified, those booked with the same e-mail before the account existed. An
 * unverified account never sees (nor erases) someone else's bookings made with that address.
 */
export function ownedAppointments(owner: Pick<ClientOwner, "id" | "email" | "emailVerified">): SQL {
  const linked = eq(appointments.userId, owner.id);
  if (!owner.emailVerified) return linked;
  return or(
    linked,
    and(
      isNull(appointments.userId),
      sql`lower(${appointments.customerEmail}) = ${owner.email.toLowerCase()}`,
    ),
  )!;
}

/**
 * The addresses whose records the account may see and act upon (ADR 043): its e-mail once
 * verified (better-auth's emailVerified), its phone once verified by an SMS code. Null for an
 * unverified one: typing someone else's address into a profile gives access to nothing.
 */
export function verifiedAddresses(
  owner: Pick<ClientOwner, "email" | "emailVerified" | "phone" | "verifiedPhone">,
): { email: string | null; phone: string | null } {
  return {
    email: owner.emailVerified ? owner.email : null,
    phone: isPhoneVerified(owner.phone, owner.verifiedPhone) ? owner.phone : null,
  };
}
