import { eq } from "drizzle-orm";
import { phoneVerifications } from "#db/schema";
import { isPhoneVerified, PHONE_CODE_MAX_ATTEMPTS } from "~/domain/account/phone-verification";
import { toE164 } from "~/domain/messaging/consent";
import type { Db } from "../../db.server";
import { getLoyaltyOverview, type LoyaltyOverview } from "../loyalty/get-loyalty-overview.server";
import { consentOf, type ClientConsent } from "./client-consent.server";
import { loadClient, type ClientOwner } from "./client-owner.server";
import { listAppointmentsOf, type ClientAppointments } from "./list-client-appointments.server";

/** Shown on /client: the last few past bookings (the full history has its own page). */
const SHOWN_PAST_APPOINTMENTS = 5;

export interface ClientSpace {
  account: {
    firstName: string;
    lastName: string;
    email: string;
    emailVerified: boolean;
    phone: string | null;
    /** The phone is the number verified by SMS code (ADR 043). */
    phoneVerified: boolean;
    /** A code was sent to the current phone and can still be typed. */
    phoneCodePending: boolean;
  };
  loyalty: LoyaltyOverview;
  appointments: ClientAppointments;
  consent: ClientConsent;
}

/** Everything /client shows, for the signed-in client only (the id comes from the session). */
export async function getClientSpace(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<ClientSpace> {
  // The account once, then its parts side by side (ADR 054; scripts/bench-measurements.md, ninth pass).
  const owner = await loadClient(db, userId);
  const [loyalty, appointments, consent, phoneCodePending] = await Promise.all([
    getLoyaltyOverview(db, { userId, now }),
    listAppointmentsOf(db, { owner, now }),
    consentOf(db, { owner, now }),
    hasPendingPhoneCode(db, owner, now),
  ]);
  return {
    account: {
      firstName: owner.firstName,
      lastName: owner.lastName,
      email: owner.email,
      emailVerified: owner.emailVerified,
      phone: owner.phone,
      phoneVerified: isPhoneVerified(owner.phone, owner.verifiedPhone),
      phoneCodePending,
    },
    loyalty,
    appointments: { ...appointments, past: appointments.past.slice(0, SHOWN_PAST_APPOINTMENTS) },
    consent,
  };
}

/** Whether a usable code was sent to the client's current phone (the page then shows the code field). */
async function hasPendingPhoneCode(db: Db, owner: ClientOwner, now: Date): Promise<boolean> {
  if (!owner.phone) return false;
  const [pending] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, owner.id));
  return (
    !!pending &&
    pending.phone === toE164(owner.phone) &&
    pending.expiresAt > now &&
    pending.attempts < PHONE_CODE_MAX_ATTEMPTS
  );
}
