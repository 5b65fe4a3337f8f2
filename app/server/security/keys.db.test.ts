import crypto from "node:crypto";
import { expect, it } from "vitest";
import { describeDatabases } from "../../../tests/setup/db";
import { isJobPhotoTokenValid } from "../services/crew/job-photo-links.server";
import { readConsentConfirmToken } from "../services/messaging/consent-confirm.server";
import {
  readUnsubscribeToken,
  signUnsubscribeToken,
  unsubscribeToken,
} from "../services/messaging/unsubscribe.server";
import { isPaymentPageToken, paymentPageToken } from "../services/payments/booking-payment.server";
import { isTipTokenValid, tipToken } from "../services/payments/tip-link.server";
import { isReviewTokenValid, reviewToken } from "../services/reviews/review-link.server";
import { purposeKey, purposeKeyOf, resolveAuthSecret } from "./keys.server";

/** A link's token as every one of these was made before ADR 101: a key HMAC'd from the secret. */
function oldToken(secret: string, label: string, message: string): string {
  const key = crypto.createHmac("sha256", secret).update(label).digest();
  return crypto.createHmac("sha256", key).update(message).digest("base64url").slice(0, 32);
}

describeDatabases("one key per purpose, from the database's secret", ({ db }) => {
  it("derives the purpose's key from the secret the database keeps, and makes links with it", async () => {
    const secret = await resolveAuthSecret(db());
    expect((await purposeKey(db(), "review-link")).equals(purposeKeyOf(secret, "review-link"))).toBe(true);
    expect((await purposeKey(db(), "review-link")).equals(await purposeKey(db(), "tip-link"))).toBe(false);
    expect(await reviewToken(db(), "B-2001")).not.toBe(oldToken(secret, "review-link-v1", "review:B-2001"));
    expect(await isReviewTokenValid(db(), "B-2001", await reviewToken(db(), "B-2001"))).toBe(true);
    // A review token is not a tip token, though both sign a booking id.
    expect(await isTipTokenValid(db(), "B-2001", await reviewToken(db(), "B-2001"))).toBe(false);
    expect(await isTipTokenValid(db(), "B-2001", await tipToken(db(), "B-2001"))).toBe(true);
    expect(await isPaymentPageToken(db(), "B-2001", await paymentPageToken(db(), "B-2001"))).toBe(true);
  });

  it("still opens the links e-mailed before ADR 101, and refuses forged ones", async () => {
    const secret = await resolveAuthSecret(db());
    const review = oldToken(secret, "review-link-v1", "review:B-2002");
    expect(await isReviewTokenValid(db(), "B-2002", review)).toBe(true);
    expect(await isReviewTokenValid(db(), "B-2003", review)).toBe(false);
    expect(await isTipTokenValid(db(), "B-2002", oldToken(secret, "tip-link-v1", "tip:B-2002"))).toBe(true);
    expect(await isTipTokenValid(db(), "B-2002", review)).toBe(false);
    expect(
      await isPaymentPageToken(db(), "B-2002", oldToken(secret, "booking-payment-v1", "pay:B-2002")),
    ).toBe(true);
    const photoId = crypto.randomUUID();
    expect(
      await isJobPhotoTokenValid(db(), photoId, oldToken(secret, "job-photo-v1", `job-photo:${photoId}`)),
    ).toBe(true);
    expect(
      await isJobPhotoTokenValid(db(), photoId, oldToken(secret, "job-photo-v1", "job-photo:other")),
    ).toBe(false);

    const oldUnsubscribe = signUnsubscribeToken(
      crypto.createHmac("sha256", secret).update("unsubscribe-link-v1").digest(),
      "email",
      "lea@example.com",
    );
    expect(await readUnsubscribeToken(db(), oldUnsubscribe)).toEqual({
      channel: "email",
      address: "lea@example.com",
    });
    // Not a confirmation of the offers: another purpose, then and now.
    expect(await readConsentConfirmToken(db(), oldUnsubscribe)).toBeNull();
    expect(
      await readConsentConfirmToken(db(), await unsubscribeToken(db(), "email", "lea@example.com")),
    ).toBeNull();
    const oldConfirm = signUnsubscribeToken(
      crypto.createHmac("sha256", secret).update("consent-confirm-link-v1").digest(),
      "email",
      "lea@example.com",
    );
    expect(await readConsentConfirmToken(db(), oldConfirm)).toBe("lea@example.com");

    // Signed with the secret itself, or with another secret's key: refused.
    const bySecret = crypto
      .createHmac("sha256", secret)
      .update("review:B-2002")
      .digest("base64url")
      .slice(0, 32);
    expect(await isReviewTokenValid(db(), "B-2002", bySecret)).toBe(false);
    const otherSecret = oldToken(`${secret}x`, "review-link-v1", "review:B-2002");
    expect(await isReviewTokenValid(db(), "B-2002", otherSecret)).toBe(false);
  });
});
