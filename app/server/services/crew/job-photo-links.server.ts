/** A stop photo's signed link (ADR 088): made for a page or an e-mail, checked on each request. */
import crypto from "node:crypto";
import type { Db } from "../../db.server";
import { env } from "../../env.server";
import { acceptedKeys, signedWithAny } from "../../security/keys.server";

/**
 * The photos' signed links (the report e-mail, the crew's page): an HMAC of the photo id with
 * the "job-photo-link" key (ADR 101).
 */
function sign(key: Buffer, photoId: string): string {
  return crypto.createHmac("sha256", key).update(`job-photo:${photoId}`).digest("base64url").slice(0, 32);
}

export function photoUrl(key: Buffer, appointmentId: string, photoId: string): string {
  return `${env().PUBLIC_URL}/job-photos/${appointmentId}/${photoId}.webp?token=${sign(key, photoId)}`;
}

/** Whether `token` is the signature of `photoId`, compared in constant time. */
export async function isJobPhotoTokenValid(db: Db, photoId: string, token: string): Promise<boolean> {
  if (!token) return false;
  return signedWithAny(await acceptedKeys(db, "job-photo-link"), token, (key) => sign(key, photoId));
}
