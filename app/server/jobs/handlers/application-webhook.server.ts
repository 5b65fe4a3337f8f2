import { eq } from "drizzle-orm";
import { franchiseApplications } from "#db/schema";
import { env } from "../../env.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";
import { log } from "../../log.server";
import { postWebhook, warnOnce } from "./webhook-delivery.server";
import { signedApplicationPhotoPath } from "../../services/applications/application-photo.server";

const warnUnconfigured = warnOnce(
  "Webhook de candidature : APPLICATION_WEBHOOK_URL n'est plus défini, les candidatures en file restent en base sans être transmises.",
);

/**
 * Delivers a stored franchise application to APPLICATION_WEBHOOK_URL as JSON (docs/product.md, section 7:
 * the whole application data), with the signature's absolute URL (admin-only), the photo's
 * absolute URL signed to open without a session for a week (ADR 076) and the audit hashes. Any answer other than 2xx throws, so the queue tries again with backoff; the applicant
 * never hears of it (docs/product.md, section 7: failures are only logged). The application id goes in an
 * Idempotency-Key header so a receiver can drop a repeat.
 */
export const deliverApplicationWebhook: JobHandler<JobPayloads["application.webhook"]> = async (
  { applicationId },
  { db, signal },
) => {
  const url = env().APPLICATION_WEBHOOK_URL;
  if (!url) {
    warnUnconfigured();
    return;
  }

  const [a] = await db
    .select()
    .from(franchiseApplications)
    .where(eq(franchiseApplications.id, applicationId));
  if (!a) {
    log.warn(`Webhook de candidature : la candidature ${applicationId} n'existe plus, rien à transmettre.`);
    return;
  }

  // Signed when the job runs (each retry gets a fresh week), never stored in the queue.
  const photoPath = a.photoUrl ? await signedApplicationPhotoPath(db, a.photoUrl) : null;
  const body = {
    id: a.id,
    first_name: a.firstName,
    last_name: a.lastName,
    email: a.email,
    phone: a.phone,
    phone_country_code: a.phoneCountryCode,
    city: a.city,
    has_drivers_license: a.hasDriversLicense,
    vehicle_info: a.vehicleInfo,
    availability_hours: a.availabilityHours,
    background_check_consent: a.backgroundCheckConsent,
    reference_first_name: a.referenceFirstName,
    reference_last_name: a.referenceLastName,
    reference_phone: a.referencePhone,
    has_funds: a.hasFunds,
    available_funds: a.availableFunds,
    comfortable_independence: a.comfortableIndependence,
    service_radius: a.serviceRadius,
    photo_url: photoPath ? `${env().PUBLIC_URL}${photoPath}` : null,
    signature_url: `${env().PUBLIC_URL}${a.signatureUrl}`,
    signature_sha256: a.signatureSha256,
    answers_sha256: a.answersSha256,
    signed_at: a.signedAt?.toISOString() ?? null,
    status: a.status,
    user_id: a.userId,
    created_at: a.createdAt.toISOString(),
  };

  await postWebhook(url, { what: "Application webhook", idempotencyKey: applicationId, body: body, signal });
};
