import type { Db } from "../../db.server";
import { getLoyaltyOverview, type LoyaltyOverview } from "../loyalty/get-loyalty-overview.server";
import { getClientConsent, type ClientConsent } from "./client-consent.server";
import { loadClient } from "./client-owner.server";
import { listClientAppointments, type ClientAppointments } from "./list-client-appointments.server";

/** Shown on /client: the last few past bookings (the full history has its own page). */
const SHOWN_PAST_APPOINTMENTS = 5;

export interface ClientSpace {
  account: { firstName: string; lastName: string; email: string; phone: string | null };
  loyalty: LoyaltyOverview;
  appointments: ClientAppointments;
  consent: ClientConsent;
}

/** Everything /client shows, for the signed-in client only (the id comes from the session). */
export async function getClientSpace(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<ClientSpace> {
  const owner = await loadClient(db, userId);
  const loyalty = await getLoyaltyOverview(db, { userId, now });
  const appointments = await listClientAppointments(db, { userId, now });
  const consent = await getClientConsent(db, { userId, now });
  return {
    account: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email, phone: owner.phone },
    loyalty,
    appointments: { ...appointments, past: appointments.past.slice(0, SHOWN_PAST_APPOINTMENTS) },
    consent,
  };
}
