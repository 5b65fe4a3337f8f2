import { reviewsMessages } from "~/lib/messages/reviews.fr";
import { refuseNul, z } from "~/lib/zod-fr";

const e = reviewsMessages.errors;

/** The content policy's reasons, the only grounds on which an admin may hide a review (ADR 049). */
export const HIDE_REASONS = ["insult", "personal_data", "off_topic"] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

/** How long the customer may change a review, from when it was first written. */
export const REVIEW_EDIT_WINDOW_MS = 30 * 24 * 60 * 60_000;

export const REVIEW_LIMITS = { comment: 2_000, displayName: 60, response: 2_000 } as const;

/** The review form (the page's plain POST and the server share it). */
export const ReviewFormSchema = z.object({
  rating: z.coerce.number({ error: e.rating }).int(e.rating).min(1, e.rating).max(5, e.rating),
  comment: refuseNul(z.string().trim().max(REVIEW_LIMITS.comment, e.comment)).default(""),
  display_name: refuseNul(
    z
      .string({ error: e.displayName })
      .trim()
      .min(1, e.displayName)
      .max(REVIEW_LIMITS.displayName, e.displayName),
  ),
  // A checkbox: present ("on") when ticked, absent otherwise.
  publish_consent: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
export type ReviewForm = z.infer<typeof ReviewFormSchema>;

/** The admin's hide: a reason from the policy, nothing else (a rating is never one). */
export const HideReviewSchema = z.object({
  review_id: z.uuid(),
  reason: z.enum(HIDE_REASONS, { error: e.reason }),
});

/** The franchisee's one public answer. */
export const ReviewResponseSchema = z.object({
  review_id: z.uuid(),
  response: refuseNul(
    z.string({ error: e.response }).trim().min(1, e.response).max(REVIEW_LIMITS.response, e.response),
  ),
});

/** "Marie-Ève T." from "Marie-Ève Tremblay"; a single name stays as it is. */
export function defaultDisplayName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "Client";
  if (parts.length === 1) return parts[0]!;
  const last = parts[parts.length - 1]!;
  return `${parts[0]} ${last.charAt(0).toLocaleUpperCase("fr-CA")}.`;
}

/** Whether a review written at `createdAt` may still be changed at `now`. */
export function canEditReview(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() <= REVIEW_EDIT_WINDOW_MS;
}
