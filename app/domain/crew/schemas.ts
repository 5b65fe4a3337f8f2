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
  })
  .transform(({ lat, lon, ...rest }) => ({
    ...rest,
    position: lat !== undefined && lon !== undefined ? { lat, lon } : null,
  }));
