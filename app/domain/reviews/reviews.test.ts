import { describe, expect, it } from "vitest";
import {
  HideReviewSchema,
  REVIEW_EDIT_WINDOW_MS,
  ReviewFormSchema,
  canEditReview,
  defaultDisplayName,
} from "./reviews";

describe("reviews domain", () => {
  it("shows the first name and the initial by default", () => {
    expect(defaultDisplayName("Marie-Ève Tremblay")).toBe("Marie-Ève T.");
    expect(defaultDisplayName("  jean de la fontaine ")).toBe("jean F.");
    expect(defaultDisplayName("Karim")).toBe("Karim");
  });

  it("takes 1 to 5 stars, a comment, a name and the consent box", () => {
    expect(
      ReviewFormSchema.parse({
        rating: "2",
        comment: " Bof ",
        display_name: "Léa T.",
        publish_consent: "on",
      }),
    ).toEqual({ rating: 2, comment: "Bof", display_name: "Léa T.", publish_consent: true });
    expect(ReviewFormSchema.parse({ rating: "5", display_name: "Léa" }).publish_consent).toBe(false);
    for (const rating of ["0", "6", "2.5", "", undefined]) {
      const result = ReviewFormSchema.safeParse({ rating, display_name: "Léa" });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Choisissez une note de 1 à 5 étoiles.");
    }
  });

  it("refuses a hide without a reason of the policy", () => {
    const id = "9b2f6a52-5d59-4a7e-9d6f-8c0f2d7a1e11";
    expect(HideReviewSchema.safeParse({ review_id: id, reason: "negative" }).success).toBe(false);
    expect(HideReviewSchema.safeParse({ review_id: id }).success).toBe(false);
    expect(HideReviewSchema.safeParse({ review_id: id, reason: "insult" }).success).toBe(true);
  });

  it("lets a review change for 30 days", () => {
    const created = new Date("2026-01-01T12:00:00Z");
    expect(canEditReview(created, new Date(created.getTime() + REVIEW_EDIT_WINDOW_MS))).toBe(true);
    expect(canEditReview(created, new Date(created.getTime() + REVIEW_EDIT_WINDOW_MS + 1))).toBe(false);
  });
});
