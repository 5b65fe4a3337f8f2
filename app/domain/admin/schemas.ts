import { messages } from "~/lib/messages.fr";
import { refuseNul, z } from "~/lib/zod-fr";
import { parsePriceToCents } from "./money";
import { adminMessages } from "~/lib/messages/admin.fr";

/**
 * The admin forms' schemas, shared by the pages (Conform, in the browser) and the actions (on
 * the server). Numbers are typed as text so that '149,99' and '45,4' (fr-CA) are understood.
 */
const a = adminMessages;

const uuid = z.uuid(adminMessages.common.invalidRequest);

/** '45,4' or '45.4' -> 45.4; anything else -> NaN (refused by the range check that follows). */
function decimal(text: string): number {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  return /^[-+]?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

const number = (error: string, min: number, max: number) =>
  z.string({ error }).transform(decimal).pipe(z.number({ error }).min(min, error).max(max, error));

export const ServiceFormSchema = z.object({
  id: uuid.optional(),
  name: refuseNul(
    z.string({ error: a.services.nameRequired }).trim().min(1, a.services.nameRequired).max(80),
  ),
  description: refuseNul(z.string().trim().max(1000, messages.validation.tooLong(1000)))
    .optional()
    .transform((value) => value ?? ""),
  price: z.string({ error: a.services.priceRequired }).transform((value, ctx) => {
    const cents = parsePriceToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: a.services.priceInvalid });
      return z.NEVER;
    }
    return cents;
  }),
  durationMinutes: z
    .string({ error: a.services.durationInvalid })
    .regex(/^\s*\d+\s*$/, a.services.durationInvalid)
    .transform(Number)
    .pipe(z.number().int().min(5, a.services.durationInvalid).max(600, a.services.durationInvalid)),
});
export type ServiceForm = z.output<typeof ServiceFormSchema>;

export const ServiceMoveSchema = z.object({ id: uuid, direction: z.enum(["up", "down"]) });
export const ServiceActiveSchema = z.object({
  id: uuid,
  active: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export const ZONE_STATUSES = ["active", "seeking_franchisee"] as const;

export const ZoneFormSchema = z
  .object({
    id: uuid.optional(),
    zoneName: refuseNul(
      z.string({ error: a.coverage.nameRequired }).trim().min(1, a.coverage.nameRequired).max(80),
    ),
    routeSlug: z
      .string({ error: a.coverage.slugInvalid })
      .trim()
      .max(60, a.coverage.slugInvalid)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, a.coverage.slugInvalid),
    centerLatitude: number(a.coverage.latitudeInvalid, -90, 90),
    centerLongitude: number(a.coverage.longitudeInvalid, -180, 180),
    serviceRadiusKm: number(a.coverage.radiusInvalid, 1, 200),
    status: z.enum(ZONE_STATUSES, { error: messages.validation.invalidValue }),
    statusLabel: refuseNul(z.string().trim().max(60, a.coverage.labelTooLong))
      .optional()
      .transform((value) => value || null),
    franchiseeId: uuid.optional().transform((value) => value ?? null),
  })
  .refine((zone) => zone.status !== "active" || zone.franchiseeId !== null, {
    message: a.coverage.activeNeedsFranchisee,
    path: ["franchiseeId"],
  });
export type ZoneForm = z.output<typeof ZoneFormSchema>;

export const ZoneDeleteSchema = z.object({ id: uuid });

/** The refusal reasons offered on the application page (ADR 056); 'other' needs a typed text. */
export const REFUSAL_REASONS = ["territory", "funds", "experience", "incomplete", "other"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
export const REFUSAL_TEXT_MAX = 500;

const rj = adminMessages.applications.refusal;

/** A refusal's reason: one of the offered reasons, and a text (required for 'other'). */
export const RefusalSchema = z
  .object({
    intent: z.literal("reject"),
    applicationId: uuid,
    reasonChoice: z.enum(REFUSAL_REASONS, { error: rj.choiceRequired }),
    reasonText: refuseNul(z.string().trim().max(REFUSAL_TEXT_MAX, rj.textTooLong(REFUSAL_TEXT_MAX)))
      .optional()
      .default(""),
  })
  .refine((value) => value.reasonChoice !== "other" || value.reasonText.length > 0, {
    message: rj.textRequired,
    path: ["reasonText"],
  });

/** The reason kept in the audit trail: the chosen reason's label, then the typed details. */
export function refusalReason(value: { reasonChoice: RefusalReason; reasonText: string }): string {
  if (value.reasonChoice === "other") return value.reasonText;
  const label = rj.choices[value.reasonChoice];
  return value.reasonText ? `${label} — ${value.reasonText}` : label;
}

export const ApplicationDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("review"), applicationId: uuid }),
  RefusalSchema,
  z.object({
    intent: z.literal("approve"),
    applicationId: uuid,
    zoneIds: z
      .array(uuid)
      .max(50)
      .optional()
      .transform((ids) => [...new Set(ids ?? [])]),
    /** Approving is final: "1" once the admin confirmed it (the dialog, or the page's second step). */
    confirmed: z.literal("1").optional(),
  }),
]);

export const RestockCloseSchema = z.object({ orderId: uuid, status: z.enum(["delivered", "cancelled"]) });

export const RetryJobSchema = z.object({
  jobId: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

export const REPORT_MONTHS = [3, 6, 12] as const;
export const ReportQuerySchema = z.object({
  months: z
    .enum(["3", "6", "12"])
    .optional()
    .transform((value) => Number(value ?? "6")),
});
