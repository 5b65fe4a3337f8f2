import { z } from "~/lib/zod-fr";
import { CREW_STEPS } from "./status";

/** An optional coordinate from a hidden field: empty is absent. */
const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number().min(min).max(max).optional(),
  );

/**
 * A crew status tap (ADR 078): the stop, the step, and the phone's position when the crew let the
 * browser share it (both coordinates or neither).
 */
export const CrewStatusSchema = z
  .object({
    appointmentId: z.uuid(),
    status: z.enum(CREW_STEPS),
    lat: coordinate(-90, 90),
    lon: coordinate(-180, 180),
    /**
     * When the crew tapped, in ms since the epoch, sent by the phone's queue for a tap made offline
     * (ADR 088); the server keeps it only within TAP_MAX_AGE_MS before it receives the tap.
     */
    tappedAt: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.coerce.number().int().positive().optional(),
    ),
  })
  .transform(({ lat, lon, ...rest }) => ({
    ...rest,
    position: lat !== undefined && lon !== undefined ? { lat, lon } : null,
  }));

/** A queued tap older than this is recorded at the time it arrives (a phone's clock, a stale queue). */
export const TAP_MAX_AGE_MS = 12 * 60 * 60_000;

/** The time a tap is recorded at: the phone's, when it lies between TAP_MAX_AGE_MS ago and now. */
export function tapTime(tappedAt: number | undefined, now: Date): Date {
  if (tappedAt === undefined) return now;
  if (tappedAt > now.getTime() || tappedAt < now.getTime() - TAP_MAX_AGE_MS) return now;
  return new Date(tappedAt);
}
