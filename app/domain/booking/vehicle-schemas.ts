/**
 * The saved vehicles' and size classes' inputs (ADR 085), shared by the forms and the services.
 * Every message is French, from the catalogue.
 */
import { parsePriceToCents } from "~/domain/admin/money";
import { messages } from "~/lib/messages.fr";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { refuseInvisible, refuseNul, z } from "~/lib/zod-fr";

const t = vehiclesMessages;
const v = messages.validation;

/** How many vehicles one customer may keep. */
export const VEHICLES_MAX = 10;
export const VEHICLE_LIMITS = { make: 40, model: 60, colour: 30, plate: 12, sizeClass: 40 } as const;
export const VEHICLE_YEAR_MIN = 1950;

const required = (max: number) =>
  refuseInvisible(
    refuseNul(z.string({ error: t.required }).trim().min(1, t.required).max(max, v.tooLong(max))),
  );

/** A size class's slug: lower-case letters, digits and dashes. */
export const SizeClassSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(VEHICLE_LIMITS.sizeClass)
  .regex(/^[a-z0-9-]+$/);

/** Add a vehicle in the customer space. */
export const VehicleSchema = z.object({
  make: required(VEHICLE_LIMITS.make),
  model: required(VEHICLE_LIMITS.model),
  year: z.coerce
    .number({ error: t.yearInvalid(VEHICLE_YEAR_MIN, 2100) })
    .int(t.yearInvalid(VEHICLE_YEAR_MIN, 2100))
    .min(VEHICLE_YEAR_MIN, t.yearInvalid(VEHICLE_YEAR_MIN, 2100))
    .max(2100, t.yearInvalid(VEHICLE_YEAR_MIN, 2100)),
  colour: required(VEHICLE_LIMITS.colour),
  plate: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    refuseNul(
      z
        .string()
        .trim()
        .max(VEHICLE_LIMITS.plate, v.tooLong(VEHICLE_LIMITS.plate))
        .transform((plate) => plate.toUpperCase()),
    ).optional(),
  ),
  sizeClass: z
    .string({ error: t.sizeClassRequired })
    .trim()
    .min(1, t.sizeClassRequired)
    .pipe(SizeClassSlugSchema),
});
export type VehicleInput = z.infer<typeof VehicleSchema>;

/** A signed difference typed in dollars ('25', '-10,50', '+12,5 $') to cents; null if not one. */
export function differenceToCents(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  const sign = /^[-−]/.test(trimmed) ? -1 : 1;
  const cents = parsePriceToCents(trimmed.replace(/^[-−+]\s*/, ""));
  return cents === null || cents > 100_000 ? null : sign * cents;
}

const difference = z.string().transform((value, ctx) => {
  const cents = differenceToCents(value);
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: t.admin.differenceInvalid });
    return z.NEVER;
  }
  return cents;
});

/**
 * The admin's form of one size class: its name, whether customers see it, and its difference per
 * service (fields `difference.<serviceId>`).
 */
export const SizeClassSettingsSchema = z.object({
  sizeClassId: z.uuid().optional(),
  name: refuseNul(
    z
      .string({ error: t.admin.nameRequired })
      .trim()
      .min(1, t.admin.nameRequired)
      .max(VEHICLE_LIMITS.sizeClass),
  ),
  active: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  difference: z.record(z.uuid(), difference).default({}),
});
export type SizeClassSettings = z.infer<typeof SizeClassSettingsSchema>;
