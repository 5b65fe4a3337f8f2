import { weatherMessages } from "~/lib/messages/weather.fr";
import { z } from "~/lib/zod-fr";

const t = weatherMessages.form;

/** Why a franchisee moves a day (ADR 090), in the order the form offers them. */
export const WEATHER_REASONS = ["rain", "ice", "watering_ban"] as const;
export type WeatherReason = (typeof WEATHER_REASONS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An optional time field: empty is absent (the start or the end of the day). */
const optionalTime = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.string().regex(TIME, { error: t.timeInvalid }).optional(),
);

/**
 * The weather move form (ADR 090): a zone, a day, an optional part of it (from, to; the whole day
 * when both are empty), and the reason the customers are told.
 */
export const WeatherMoveSchema = z
  .object({
    zoneId: z.uuid({ error: t.zoneRequired }),
    date: z.string().regex(DATE, { error: t.dateRequired }),
    from: optionalTime,
    to: optionalTime,
    reason: z.enum(WEATHER_REASONS, { error: t.reasonRequired }),
  })
  .refine(({ from, to }) => !from || !to || from < to, {
    path: ["to"],
    error: t.order,
  });
export type WeatherMoveInput = z.infer<typeof WeatherMoveSchema>;
