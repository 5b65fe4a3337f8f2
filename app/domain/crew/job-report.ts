/**
 * The checklist and before/after photos of a stop (issue 32, items 4 and 5, ADR 088): the rules
 * shared by the crew's page, the server and the admin's checklist editor.
 */
import { z } from "~/lib/zod-fr";

export const JOB_PHOTO_KINDS = ["before", "after"] as const;
export type JobPhotoKind = (typeof JOB_PHOTO_KINDS)[number];

/** The largest file a phone may send for one photo (a 12 MP JPEG is 3 to 6 MB). */
export const JOB_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The upload body: one photo and its few fields. */
export const JOB_PHOTO_BODY_MAX_BYTES = JOB_PHOTO_MAX_BYTES + 64 * 1024;
/** Photos kept per car of a stop, before and after together. */
export const JOB_PHOTOS_PER_CAR = 8;
/** Photos one crew account may send in a window (retries of a stored photo are not counted). */
export const JOB_PHOTO_RATE = { max: 60, windowSeconds: 10 * 60 } as const;
/** The stored copy's width at most (WebP): enough for a phone and an e-mail. */
export const JOB_PHOTO_WIDTH = 1600;
/** A picture narrower than this is not a photo of a car. */
export const JOB_PHOTO_MIN_WIDTH = 320;
export const JOB_PHOTO_MAX_PIXELS = 60_000_000;

/** A photo's metadata as the phone sends it with the file (the id is made on the phone). */
export const JobPhotoFieldsSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  kind: z.enum(JOB_PHOTO_KINDS),
  car: z.coerce.number().int().min(1).max(3),
});
export type JobPhotoFields = z.infer<typeof JobPhotoFieldsSchema>;

/** A tick or untick of one step at one stop. */
export const ChecklistTickSchema = z.object({
  intent: z.literal("tick"),
  stepId: z.uuid(),
  checked: z.enum(["true", "false"]).transform((v) => v === "true"),
});

/** The admin's form for one step of a service's checklist. */
export const ChecklistStepFormSchema = z.object({
  stepId: z.uuid().optional(),
  label: z.string().trim().min(1).max(120),
  required: z
    .union([z.literal("on"), z.literal("true")])
    .optional()
    .transform((v) => v !== undefined),
});

export const ChecklistStepIdSchema = z.object({ stepId: z.uuid() });
export const ChecklistStepMoveSchema = z.object({ stepId: z.uuid(), direction: z.enum(["up", "down"]) });

export interface ReportReadiness {
  /** Labels of the required steps not ticked. */
  missingSteps: string[];
  /** Cars (1-based) without a before photo, and without an after photo. */
  missingBefore: number[];
  missingAfter: number[];
}

/** What « Terminé » still needs: required steps unticked, a car missing its before or after photo. */
export function reportReadiness(input: {
  cars: number;
  steps: { id: string; label: string; required: boolean }[];
  ticked: ReadonlySet<string>;
  photos: { kind: JobPhotoKind; car: number }[];
}): ReportReadiness {
  const cars = Array.from({ length: input.cars }, (_, i) => i + 1);
  const has = (kind: JobPhotoKind, car: number) => input.photos.some((p) => p.kind === kind && p.car === car);
  return {
    missingSteps: input.steps.filter((s) => s.required && !input.ticked.has(s.id)).map((s) => s.label),
    missingBefore: cars.filter((car) => !has("before", car)),
    missingAfter: cars.filter((car) => !has("after", car)),
  };
}

export function isReportReady(r: ReportReadiness): boolean {
  return r.missingSteps.length === 0 && r.missingBefore.length === 0 && r.missingAfter.length === 0;
}
