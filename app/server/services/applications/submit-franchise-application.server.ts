import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { franchiseApplications } from "#db/schema";
import { applicationAnswers, canonicalJson, type FranchiseApplication } from "~/domain/applications/schemas";
import { checkSignaturePng } from "~/domain/applications/png";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
import { FileExistsError, type FileStorage } from "../../storage/storage.server";
import { queueApplicationReceived } from "../messaging/notify.server";
import { log } from "../../log.server";
import {
  deleteApplicationPhotos,
  encodeApplicationPhoto,
  storeApplicationPhoto,
} from "./application-photo.server";

/** Applications one address may send: a shared office can apply a few times, a bot cannot. */
export const APPLICATION_RATE_LIMIT = { max: 10, windowSeconds: 60 * 60 } as const satisfies RateLimitRule;
/** The counter of one address's applications. */
export const applicationRateLimitKey = (ip: string) => `application:ip:${ip}`;

/**
 * Webhook delivery attempts before the job is kept 'dead' for an admin: with the queue's backoff
 * (10 s doubling, at most 1 h apart) about three hours of outage. Failures are never shown to
 * the applicant (docs/product.md, section 7: 'failures are only logged').
 */
export const APPLICATION_WEBHOOK_MAX_ATTEMPTS = 12;

/** Longest user agent kept with a signature. */
const USER_AGENT_MAX = 512;

/** The storage folder of signatures and the admin-only path that serves them. */
export const SIGNATURES_FOLDER = "signatures";
export const SIGNATURE_URL_PREFIX = "/files/signatures/";
/** signature_{random id}.png: a random UUID, so names cannot be guessed or collide. */
export const SIGNATURE_NAME = /^signature_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/;

export function sha256Hex(bytes: Uint8Array | string): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

export interface SubmitFranchiseApplicationInput {
  input: FranchiseApplication;
  /** The drawn signature as sent: checked here (a real 600x200 PNG of at most 200 KB). */
  signature: Uint8Array;
  /** The candidate's photo as sent, if any: re-encoded without metadata before it is stored (ADR 076). */
  photo?: Uint8Array | null;
  /** The signed-in applicant, if any: the application is then theirs to follow on /application. */
  actor: { id: string } | null;
  ip: string;
  userAgent: string | null;
  now?: Date;
}

/** The SQLSTATE and constraint of a database error, looking through drizzle's wrapping. */
function databaseError(error: unknown): { code?: string; constraint?: string } {
  let e: unknown = error;
  while (e && typeof e === "object") {
    if ("code" in e && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: "constraint" in e ? String(e.constraint) : undefined };
    }
    e = "cause" in e ? e.cause : undefined;
  }
  return {};
}

async function storeSignature(storage: FileStorage, png: Uint8Array): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const name = `signature_${crypto.randomUUID()}.png`;
    try {
      await storage.put(`${SIGNATURES_FOLDER}/${name}`, png, { contentType: "image/png" });
      return name;
    } catch (error) {
      if (error instanceof FileExistsError) continue;
      log.error("Signature non enregistrée", { err: error });
      throw new AppError("SIGNATURE_UPLOAD_FAILED");
    }
  }
  throw new AppError("SIGNATURE_UPLOAD_FAILED");
}

/**
 * Saves a franchise application with the audit trail of its electronic signature: the PNG
 * stored as signature_{random id}.png (never overwritten), its SHA-256, the SHA-256 of the
 * canonical JSON of the answers, the instant, the IP address and the user agent. One confirmed
 * application per e-mail address (ADR 066): an unconfirmed one neither blocks nor reveals the
 * address; the partial unique index on lower(email) decides between racing confirmations. The
 * webhook is queued in the same transaction. The optional photo is re-encoded (no metadata, no
 * GPS position) and stored under a random name beside the signature (ADR 076).
 */
export async function submitFranchiseApplication(
  db: Db,
  storage: FileStorage,
  { input, signature, photo = null, actor, ip, userAgent, now = new Date() }: SubmitFranchiseApplicationInput,
): Promise<{ id: string; signatureUrl: string; photoUrl: string | null }> {
  const limit = await hitRateLimit(db, applicationRateLimitKey(ip), APPLICATION_RATE_LIMIT);
  if (!limit.allowed) throw new AppError("RATE_LIMITED");
  if (checkSignaturePng(signature) !== null) throw new AppError("INVALID_SIGNATURE");

  // Only a confirmed application holds its address (ADR 066): anyone can type someone else's,
  // and an unconfirmed one must neither block its owner nor tell that it exists.
  const confirmedSameEmail = sql`(lower(${franchiseApplications.email}) = lower(${input.email}) and ${franchiseApplications.emailVerifiedAt} is not null)`;
  const [taken] = await db
    .select({
      userId: franchiseApplications.userId,
      sameEmail: sql<boolean>`${confirmedSameEmail}`,
    })
    .from(franchiseApplications)
    .where(
      actor
        ? sql`${confirmedSameEmail} or ${franchiseApplications.userId} = ${actor.id}`
        : confirmedSameEmail,
    )
    .orderBy(sql`${confirmedSameEmail} desc`)
    .limit(1);
  if (taken) throw new AppError(taken.sameEmail ? "EMAIL_ALREADY_EXISTS" : "ALREADY_APPLIED");

  const answers = applicationAnswers(input);
  // Decoded and re-encoded before anything is stored: a refused photo leaves nothing behind.
  const photoWebp = photo ? await encodeApplicationPhoto(photo) : null;
  const name = await storeSignature(storage, signature);
  const signatureUrl = `${SIGNATURE_URL_PREFIX}${name}`;
  let photoUrl: string | null = null;
  try {
    if (photoWebp) photoUrl = await storeApplicationPhoto(storage, photoWebp);
  } catch (error) {
    await storage.delete(`${SIGNATURES_FOLDER}/${name}`).catch(() => {});
    throw error;
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(franchiseApplications)
        .values({
          userId: actor?.id ?? null,
          firstName: answers.first_name,
          lastName: answers.last_name,
          email: answers.email,
          phone: answers.phone,
          phoneCountryCode: answers.phone_country_code,
          city: answers.city,
          hasDriversLicense: answers.has_drivers_license,
          vehicleInfo: answers.vehicle_info,
          availabilityHours: answers.availability_hours,
          backgroundCheckConsent: answers.background_check_consent,
          referenceFirstName: answers.reference_first_name,
          referenceLastName: answers.reference_last_name,
          referencePhone: answers.reference_phone,
          hasFunds: answers.has_funds,
          availableFunds: answers.available_funds,
          comfortableIndependence: answers.comfortable_independence,
          serviceRadius: answers.service_radius,
          photoUrl,
          signatureUrl,
          signatureSha256: sha256Hex(signature),
          answersSha256: sha256Hex(canonicalJson(answers)),
          signedAt: now,
          signerIp: ip,
          signerUserAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        })
        .returning({ id: franchiseApplications.id });
      const id = row!.id;
      // The job holds the id only: the handler reads the row, so no personal data sits in the queue.
      if (env().APPLICATION_WEBHOOK_URL !== undefined) {
        await enqueue(
          tx,
          "application.webhook",
          { applicationId: id },
          {
            maxAttempts: APPLICATION_WEBHOOK_MAX_ATTEMPTS,
          },
        );
      }
      // The acknowledgement e-mail, queued in this same transaction.
      await queueApplicationReceived(tx, id);
      return { id, signatureUrl, photoUrl };
    });
  } catch (error) {
    // The files of an application that was not saved are removed: nothing else refers to them.
    await storage.delete(`${SIGNATURES_FOLDER}/${name}`).catch(() => {});
    await deleteApplicationPhotos(storage, [photoUrl]);
    const { code, constraint } = databaseError(error);
    if (code === "23505" && (constraint === undefined || constraint === "franchise_applications_email_uq")) {
      throw new AppError("EMAIL_ALREADY_EXISTS");
    }
    throw error;
  }
}
