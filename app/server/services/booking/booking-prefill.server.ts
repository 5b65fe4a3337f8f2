/**
 * What the booking form pre-fills for a signed-in client (issue 33, item 1; ADR 107): the phone of
 * their profile, else of their latest booking, and the address of that booking. Only their own.
 */
import { desc, eq } from "drizzle-orm";
import { appointments, users } from "#db/schema";
import { formatPhone } from "~/lib/phone";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";

interface BookingPrefill {
  phone: string;
  address: string;
  postalCode: string;
}

export async function bookingPrefill(
  db: Db | Tx,
  { actor }: { actor: Pick<SessionUser, "id" | "role"> | null },
): Promise<BookingPrefill | null> {
  if (actor?.role !== "client") return null;
  const [latest] = await db
    .select({
      phone: appointments.customerPhone,
      address: appointments.address,
      postalCode: appointments.postalCode,
    })
    .from(appointments)
    .where(eq(appointments.userId, actor.id))
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(1);
  const [account] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, actor.id));
  // The profile's number is the one the client keeps up to date (the freed-time form's too).
  const phone = account?.phone || latest?.phone || "";
  if (!latest && !phone) return null;
  return { phone: formatPhone(phone), address: latest?.address ?? "", postalCode: latest?.postalCode ?? "" };
}
