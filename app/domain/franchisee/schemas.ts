/**
 * The franchisee tools' inputs (docs/product.md, sections 5 and 7), shared by the forms and the actions.
 * Every message is French, from the catalogue.
 */
import { messages } from "~/lib/messages.fr";
import { refuseNul, z } from "~/lib/zod-fr";
import { timeToMinutes } from "./availability";
import { withinQuantityLimit } from "./restock";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

const f = franchiseeMessages;
const v = messages.validation;

export const TEAM_LIMITS = { name: 100, email: 254, phone: 30 } as const;

const required = (max: number) =>
  refuseNul(
    z.string({ error: f.team.requiredFields }).trim().min(1, f.team.requiredFields).max(max, v.tooLong(max)),
  );

/** Add or edit a team member: first name, last name and e-mail required, phone optional. */
export const TeamMemberSchema = z.object({
  firstName: required(TEAM_LIMITS.name),
  lastName: required(TEAM_LIMITS.name),
  email: required(TEAM_LIMITS.email).pipe(z.email(v.emailInvalid)),
  phone: refuseNul(z.string().trim().max(TEAM_LIMITS.phone, v.tooLong(TEAM_LIMITS.phone))).optional(),
});
export type TeamMemberInput = z.infer<typeof TeamMemberSchema>;

/** `HH:MM` (or `HH:MM:SS` as PostgreSQL returns it), 00:00 to 23:59, or 24:00 for midnight. */
const time = z
  .string({ error: f.availability.timeInvalid })
  .trim()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$|^24:00(?::00)?$/, f.availability.timeInvalid)
  .transform((value) => value.slice(0, 5));

/** docs/product.md, section 9: default availability Monday 09:00-17:00. */
export const DEFAULT_AVAILABILITY = { dayOfWeek: 1, startTime: "09:00", endTime: "17:00" } as const;

/**
 * A weekly availability range of a member. Unlike the spec's screen, the end must be after the
 * start (ADR 020): the database refuses it anyway, and a clear message beats a generic failure.
 */
export const AvailabilitySchema = z
  .object({
    teamMemberId: z.uuid(f.schedule.memberNotFound),
    dayOfWeek: z.coerce
      .number({ error: v.invalidValue })
      .int(v.invalidValue)
      .min(0, v.invalidValue)
      .max(6, v.invalidValue),
    startTime: time,
    endTime: time,
  })
  .refine((a) => timeToMinutes(a.endTime) > timeToMinutes(a.startTime), {
    path: ["endTime"],
    message: f.availability.endAfterStart,
  });
export type AvailabilityInput = z.infer<typeof AvailabilitySchema>;

/** A real calendar day `yyyy-MM-dd` of this century (not 2026-02-31, which the database refuses). */
const localDay = (error: string) =>
  z
    .string({ error })
    .trim()
    .regex(/^20\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, error)
    .refine((day) => {
      // Checked even when the pattern failed: an impossible date must not throw.
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    }, error);

export const TIME_OFF_REASON_MAX = 200;
/** The longest time off in one entry, in days: a longer absence is several entries (or a removal). */
export const TIME_OFF_MAX_DAYS = 92;

/** Whole days from one local date to another (both yyyy-MM-dd). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A member's time off (ADR 104): local days from and to (both included) and a reason. */
export const TimeOffSchema = z
  .object({
    teamMemberId: z.uuid(f.schedule.memberNotFound),
    startsOn: localDay(f.timeOff.dateInvalid),
    endsOn: localDay(f.timeOff.dateInvalid),
    reason: refuseNul(
      z
        .string({ error: f.timeOff.reasonRequired })
        .trim()
        .min(1, f.timeOff.reasonRequired)
        .max(TIME_OFF_REASON_MAX, v.tooLong(TIME_OFF_REASON_MAX)),
    ),
  })
  .refine((t) => t.endsOn >= t.startsOn, { path: ["endsOn"], message: f.timeOff.endAfterStart })
  .refine((t) => daysBetween(t.startsOn, t.endsOn) < TIME_OFF_MAX_DAYS, {
    path: ["endsOn"],
    message: f.timeOff.tooLong(TIME_OFF_MAX_DAYS),
  });
export type TimeOffInput = z.infer<typeof TimeOffSchema>;

/**
 * The move of an appointment from the schedule (ADR 104): to a member, a day and a start time
 * (local wall time), by drag and drop or the « Déplacer » form.
 */
export const MoveAppointmentSchema = z.object({
  appointmentId: z.uuid(f.schedule.notFound),
  teamMemberId: z.uuid(f.schedule.memberNotFound),
  date: localDay(f.schedule.moveInvalid),
  time: z
    .string({ error: f.schedule.moveInvalid })
    .trim()
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, f.schedule.moveInvalid),
});

export const CANCEL_REASON_MAX = 500;

/** The franchisee cancels an appointment: a reason is required (the customer is told). */
export const FranchiseeCancelSchema = z.object({
  appointmentId: z.uuid(f.schedule.notFound),
  reason: refuseNul(
    z
      .string({ error: f.schedule.cancelReasonRequired })
      .trim()
      .min(1, f.schedule.cancelReasonRequired)
      .max(CANCEL_REASON_MAX, v.tooLong(CANCEL_REASON_MAX)),
  ),
});

export const ReassignSchema = z.object({
  appointmentId: z.uuid(f.schedule.notFound),
  teamMemberId: z.uuid(f.schedule.memberNotFound),
});

export const RESTOCK_LIMITS = { lines: 100, quantity: 999, notes: 1000 } as const;

/**
 * A restock order as the cart sends it: item ids and quantities only. Prices are read from the
 * database by the service, never taken from the browser.
 */
export const RestockOrderSchema = z.object({
  lines: z
    .array(
      z.object({
        inventoryItemId: z.uuid(v.invalidValue),
        quantity: z.coerce
          .number()
          .int(v.invalidValue)
          .min(1, v.invalidValue)
          .max(RESTOCK_LIMITS.quantity, v.invalidValue),
      }),
    )
    .min(1, f.restock.emptyCart)
    .max(RESTOCK_LIMITS.lines, v.invalidValue)
    .refine((lines) => withinQuantityLimit(lines, RESTOCK_LIMITS.quantity), {
      message: f.restock.quantityTooHigh(RESTOCK_LIMITS.quantity),
    }),
  notes: refuseNul(z.string().trim().max(RESTOCK_LIMITS.notes, v.tooLong(RESTOCK_LIMITS.notes)))
    .optional()
    .transform((notes) => (notes ? notes : undefined)),
});
export type RestockOrderInput = z.infer<typeof RestockOrderSchema>;

/** Longest search text of the clients page. */
export const CLIENT_SEARCH_MAX = 100;
