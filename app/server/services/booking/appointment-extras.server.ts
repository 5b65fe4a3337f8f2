import { asc, inArray } from "drizzle-orm";
import { appointmentUpsells } from "#db/schema";
import type { Db, Tx } from "../../db.server";

export interface AppointmentExtra {
  name: string;
  priceCents: number;
}

/**
 * The extras (upsells) of some appointments, by name, keyed by appointment id; an appointment
 * without extras maps to nothing (use `extrasOf`). No query when there are no ids.
 */
export async function loadAppointmentExtras(
  db: Db | Tx,
  appointmentIds: readonly string[],
): Promise<Map<string, AppointmentExtra[]>> {
  const byAppointment = new Map<string, AppointmentExtra[]>();
  if (appointmentIds.length === 0) return byAppointment;
  const rows = await db
    .select({
      appointmentId: appointmentUpsells.appointmentId,
      name: appointmentUpsells.name,
      priceCents: appointmentUpsells.priceCents,
    })
    .from(appointmentUpsells)
    .where(inArray(appointmentUpsells.appointmentId, [...appointmentIds]))
    .orderBy(asc(appointmentUpsells.name));
  for (const { appointmentId, name, priceCents } of rows) {
    const list = byAppointment.get(appointmentId) ?? [];
    list.push({ name, priceCents });
    byAppointment.set(appointmentId, list);
  }
  return byAppointment;
}

/** The extras of one appointment, by name (empty when it has none). */
export async function loadExtrasOf(db: Db | Tx, appointmentId: string): Promise<AppointmentExtra[]> {
  return (await loadAppointmentExtras(db, [appointmentId])).get(appointmentId) ?? [];
}
