/**
 * The franchise application (docs/product.md, sections 3 and 5): one schema per step of the form, shared by
 * the browser (each step checked before the next) and the server, which checks the whole
 * application again. Field names keep the spec's call shape (snake_case). Messages are French,
 * from the catalogue.
 */
import { normalizeNorthAmericanPhone } from "~/domain/booking/schemas";
import { messages } from "~/lib/messages.fr";
import { refuseInvisible, refuseNul, z } from "~/lib/zod-fr";
import { applicationMessages } from "~/lib/messages/application.fr";
import { APPLICATION_PHOTO_FIELD, ApplicationPhotoSchema } from "./photo";

const v = messages.validation;
const e = applicationMessages.errors;

/** Longest accepted value of each text field, in characters. */
export const APPLICATION_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  city: 100,
  vehicleInfo: 500,
  availabilityHours: 500,
  availableFunds: 100,
} as const;

export const SERVICE_RADII = ["less_20km", "20-40km", "more_40km"] as const;

export const APPLICATION_STATUSES = ["submitted", "reviewing", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The country calling codes offered by the form, Canada and the United States first (default). */
export const COUNTRY_CODES = [
  "1",
  "33",
  "32",
  "41",
  "509",
  "212",
  "213",
  "216",
  "221",
  "225",
  "237",
] as const;
export const DEFAULT_COUNTRY_CODE = "1";

/** The hidden field bots fill in: such a submission is dropped without a word. */
export const APPLICATION_HONEYPOT_FIELD = "website";
/**
 * The typed-name signature: without JavaScript the name is the signature (drawn as a PNG by the
 * server, ADR 055); with it, the pad draws the name and sends the image.
 */
export const APPLICATION_SIGNATURE_NAME_FIELD = "signature_name";

/**
 * The national number, digits only, or null when it is not a phone number of that country code:
 * ten NANP digits for +1 ('450 555-0142' -> '4505550142'), else 4 to 14 digits (E.164 allows 15
 * with the code).
 */
export function normalizeApplicationPhone(countryCode: string, text: string): string | null {
  if (countryCode === "1") return normalizeNorthAmericanPhone(text)?.slice(2) ?? null;
  if (!/^[\d\s().-]+$/.test(text.trim())) return null;
  const digits = text.replace(/\D/g, "").replace(/^0/, "");
  return digits.length >= 4 && digits.length + countryCode.length <= 15 ? digits : null;
}

/**
 * '+1 450 555-0142' for NANP numbers, '+33 612345678' otherwise: for the admin and e-mails.
 * @internal Used by the tests only (`knip --production`).
 */
export function formatApplicationPhone(countryCode: string, national: string): string {
  if (countryCode === "1" && /^\d{10}$/.test(national)) {
    return `+1 ${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6)}`;
  }
  return `+${countryCode} ${national}`;
}

/** Digits with spaces, dots, dashes, parentheses and an optional leading +: 4 to 15 digits. */
function looksLikePhone(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= 4 && digits <= 15;
}

/** Blank form fields count as absent. */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const text = (required: string, max: number) =>
  refuseNul(z.string({ error: required }).trim().min(1, required).max(max, v.tooLong(max)));

const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, refuseNul(z.string().trim().max(max, v.tooLong(max))).optional());

/** An optional person's name: no control or bidirectional character (ADR 071). */
const optionalName = (max: number) =>
  z.preprocess(
    blankToUndefined,
    refuseInvisible(refuseNul(z.string().trim().max(max, v.tooLong(max)))).optional(),
  );

/** A yes/no answer from a radio ('true' / 'false'), a checkbox ('on') or JSON (a boolean). */
const yesNo = (required: string) =>
  z.preprocess(
    (value) => {
      if (value === true || value === "true" || value === "on") return true;
      if (value === false || value === "false") return false;
      return undefined;
    },
    z.boolean({ error: required }),
  );

const countryCode = z
  .string({ error: e.countryCodeInvalid })
  .trim()
  .regex(/^[1-9]\d{0,2}$/, e.countryCodeInvalid);

/**
 * Step 1, Personnel: first and last name, e-mail, country code (default 1), phone, city and the
 * optional photo (ADR 076).
 */
export const PersonalStepSchema = z
  .object({
    first_name: refuseInvisible(text(e.firstNameRequired, APPLICATION_LIMITS.name)),
    last_name: refuseInvisible(text(e.lastNameRequired, APPLICATION_LIMITS.name)),
    email: text(v.emailRequired, APPLICATION_LIMITS.email).pipe(z.email(v.emailInvalid)),
    phone_country_code: z.preprocess((value) => value ?? DEFAULT_COUNTRY_CODE, countryCode),
    phone: z
      .string({ error: e.phoneRequired })
      .trim()
      .min(1, e.phoneRequired)
      .max(APPLICATION_LIMITS.phone, { error: v.tooLong(APPLICATION_LIMITS.phone), abort: true })
      // The number's shape; its length for the chosen country is checked once every field is valid.
      .refine(looksLikePhone, e.phoneInvalid),
    city: text(e.cityRequired, APPLICATION_LIMITS.city),
    [APPLICATION_PHOTO_FIELD]: ApplicationPhotoSchema,
  })
  .transform((value, ctx) => {
    const phone = normalizeApplicationPhone(value.phone_country_code, value.phone);
    if (phone === null) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: e.phoneInvalid });
      return z.NEVER;
    }
    return { ...value, phone };
  });

/** Step 2, Professionnel: service radius, the license answer, the vehicle and the availability. */
export const ProfessionalStepSchema = z.object({
  service_radius: z.enum(SERVICE_RADII, { error: e.serviceRadiusRequired }),
  // 'Oui' means true (docs/product-decisions.md, 'Franchise application': the spec's reversed
  // wiring is a defect).
  has_drivers_license: yesNo(e.licenseRequired),
  vehicle_info: text(e.vehicleInfoRequired, APPLICATION_LIMITS.vehicleInfo),
  availability_hours: text(e.availabilityRequired, APPLICATION_LIMITS.availabilityHours),
});

/** Step 3, Références: the optional reference, the funds and independence answers (yes by default). */
export const ReferencesStepSchema = z
  .object({
    reference_first_name: optionalName(APPLICATION_LIMITS.name),
    reference_last_name: optionalName(APPLICATION_LIMITS.name),
    reference_phone: optionalText(APPLICATION_LIMITS.phone),
    has_funds: z.preprocess((value) => value ?? true, yesNo(e.answerRequired)),
    available_funds: optionalText(APPLICATION_LIMITS.availableFunds),
    comfortable_independence: z.preprocess((value) => value ?? true, yesNo(e.answerRequired)),
  })
  .transform((value, ctx) => {
    if (value.reference_phone === undefined) return value;
    // The reference's number may be from anywhere: NANP first, else any international number.
    const phone =
      normalizeApplicationPhone("1", value.reference_phone) ??
      (looksLikePhone(value.reference_phone) && value.reference_phone.replace(/\D/g, "").length >= 7
        ? value.reference_phone.replace(/[^\d+]/g, "")
        : null);
    if (phone === null) {
      ctx.addIssue({ code: "custom", path: ["reference_phone"], message: e.phoneInvalid });
      return z.NEVER;
    }
    return { ...value, reference_phone: phone };
  });

/**
 * Step 4, Soumission: the background-check consent (required, docs/product-decisions.md,
 * 'Franchise application') and the signature.
 */
export const SubmissionStepSchema = z.object({
  background_check_consent: z.preprocess(
    (value) => value === true || value === "true" || value === "on",
    z.literal(true, { error: e.backgroundCheckRequired }),
  ),
});

export const APPLICATION_STEPS = ["personal", "professional", "references", "submission"] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];

const STEP_SCHEMAS = [
  PersonalStepSchema,
  ProfessionalStepSchema,
  ReferencesStepSchema,
  SubmissionStepSchema,
] as const;

/**
 * Runs each step's schema on the same values and merges the results: one object, every step's
 * errors at once (Conform reads them by field name).
 */
function allSteps(value: unknown, ctx: z.RefinementCtx): FranchiseApplication | typeof z.NEVER {
  const parts: Record<string, unknown>[] = [];
  let failed = false;
  for (const schema of STEP_SCHEMAS) {
    const result = schema.safeParse(value);
    if (result.success) {
      parts.push(result.data);
    } else {
      failed = true;
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    }
  }
  if (failed) return z.NEVER;
  return Object.assign({}, ...parts) as FranchiseApplication;
}

export type FranchiseApplication = z.output<typeof PersonalStepSchema> &
  z.output<typeof ProfessionalStepSchema> &
  z.output<typeof ReferencesStepSchema> &
  z.output<typeof SubmissionStepSchema>;

/** The schema the browser checks a step with: the step's own fields, or everything on the last. */
export function schemaForStep(step: number): z.ZodType<unknown> {
  return step >= STEP_SCHEMAS.length - 1 ? ApplicationSchema : STEP_SCHEMAS[step]!;
}

/** Every field of the application, all steps at once. */
export const ApplicationSchema: z.ZodType<FranchiseApplication> = z.unknown().transform(allSteps);

/** The fields of each step, to open the step of the first error. */
export const STEP_FIELDS = {
  personal: ["first_name", "last_name", "email", "phone_country_code", "phone", "city", "photo"],
  professional: ["service_radius", "has_drivers_license", "vehicle_info", "availability_hours"],
  references: [
    "reference_first_name",
    "reference_last_name",
    "reference_phone",
    "has_funds",
    "available_funds",
    "comfortable_independence",
  ],
  submission: ["background_check_consent"],
} as const satisfies Record<ApplicationStep, readonly string[]>;

/** The index of the first step holding one of these field names, or null. */
export function firstStepWithError(fieldNames: Iterable<string>): number | null {
  const names = new Set(fieldNames);
  const index = APPLICATION_STEPS.findIndex((step) =>
    (STEP_FIELDS[step] as readonly string[]).some((name) => names.has(name)),
  );
  return index === -1 ? null : index;
}

/**
 * The answers as kept and signed: every field of the spec's call shape, absent optional ones as
 * null, in a fixed key order.
 */
export function applicationAnswers(input: FranchiseApplication) {
  return {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone_country_code: input.phone_country_code,
    phone: input.phone,
    city: input.city,
    service_radius: input.service_radius,
    has_drivers_license: input.has_drivers_license,
    vehicle_info: input.vehicle_info,
    availability_hours: input.availability_hours,
    reference_first_name: input.reference_first_name ?? null,
    reference_last_name: input.reference_last_name ?? null,
    reference_phone: input.reference_phone ?? null,
    has_funds: input.has_funds,
    available_funds: input.available_funds ?? null,
    comfortable_independence: input.comfortable_independence,
    background_check_consent: input.background_check_consent,
  };
}

/**
 * JSON with the keys of every object sorted and no spaces (in the spirit of RFC 8785): the same
 * answers always give the same bytes, so their SHA-256 can be checked again later.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
}
