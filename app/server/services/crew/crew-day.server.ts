/**
 * "Ma journée" (issue 32, ADR 077): the day of one crew member, in route order, from the same
 * day-route code as the franchisee's route page (ADR 048), with what the crew needs at the door:
 * phone, cars, extras, the customer's notes. Only the actor's own appointments of their own
 * franchisee: the actor is resolved from the database (resolveCrewMember), never sent by a form.
 */
import { asc, inArray } from "drizzle-orm";
import { appointmentUpsells } from "#db/schema";
import type { Db } from "../../db.server";
import {
  loadDayRoutes,
  type DayRoutes,
  type MemberRoute,
  type RouteStop,
} from "../franchisee/day-route.server";
import type { CrewStep } from "~/domain/crew/status";
import type { CrewActor } from "./crew-access.server";
import { loadCrewStatuses } from "./record-crew-status.server";

export interface CrewStop extends RouteStop {
  extras: string[];
  /** The steps tapped so far, in order (ADR 078). */
  steps: { status: CrewStep; at: Date; expectedArrivalAt: Date | null }[];
}

export interface CrewDay {
  /** The zones of the member's franchisee, drawn under the day's map (the route page's map). */
  zones: DayRoutes["zones"];
  towns: DayRoutes["towns"];
  base: MemberRoute["base"];
  baseName: string | null;
  stops: CrewStop[];
  totalDriveMinutes: number;
}

export async function loadCrewDay(
  db: Db,
  { actor, date }: { actor: CrewActor; date: string },
): Promise<CrewDay> {
  const { zones, members, towns } = await loadDayRoutes(db, {
    franchiseeId: actor.franchiseeId,
    memberId: actor.memberId,
    date,
  });
  const route = members.find((m) => m.memberId === actor.memberId);
  if (!route) return { zones, towns, base: null, baseName: null, stops: [], totalDriveMinutes: 0 };
  const ids = route.stops.map((stop) => stop.id);
  const extras =
    ids.length === 0
      ? []
      : await db
          .select({ appointmentId: appointmentUpsells.appointmentId, name: appointmentUpsells.name })
          .from(appointmentUpsells)
          .where(inArray(appointmentUpsells.appointmentId, ids))
          .orderBy(asc(appointmentUpsells.name));
  const steps = await loadCrewStatuses(db, ids);
  return {
    zones,
    towns,
    base: route.base,
    baseName: route.baseName,
    totalDriveMinutes: route.totalDriveMinutes,
    stops: route.stops.map((stop) => ({
      ...stop,
      extras: extras.filter((e) => e.appointmentId === stop.id).map((e) => e.name),
      steps: (steps.get(stop.id) ?? []).map(({ status, at, expectedArrivalAt }) => ({
        status,
        at,
        expectedArrivalAt,
      })),
    })),
  };
}
