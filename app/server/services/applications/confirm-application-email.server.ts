import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { franchiseApplications } from "#db/schema";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";

/**
 * The link that proves an applicant receives mail at the application's address (ADR 043). The
 * token is an HMAC of the application's id and e-mail with the "application-email-link" key (ADR 101):
 * no table, no expiry needed (it only confirms the address the application already names), and
 * it cannot be made for another application or address.
 */
function sign(key: Buffer, applicationId: string, email: string): string {
  return crypto
    .createHmac("sha256", key)
    .update(`${applicationId}:${email.trim().toLowerCase()}`)
    .digest("base64url");
}

/** /application/confirm?id=…&token=… for one application. */
export async function applicationConfirmUrl(
  db: Db | Tx,
  { id, email }: { id: string; email: string },
): Promise<string> {
  const token = sign(await purposeKey(db, "application-email-link"), id, email);
  return `${env().PUBLIC_URL}/application/confirm?id=${encodeURIComponent(id)}&token=${token}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ApplicationLink =
  { status: "invalid" } | { status: "pending" | "confirmed"; firstName: string; email: string };

/** What a link names: an application whose address is pending or confirmed, or nothing genuine. */
export async function readApplicationLink(db: Db, id: string, token: string): Promise<ApplicationLink> {
  if (!UUID.test(id) || token.length === 0 || token.length > 100) return { status: "invalid" };
  const [application] = await db
    .select({
      email: franchiseApplications.email,
      firstName: franchiseApplications.firstName,
      emailVerifiedAt: franchiseApplications.emailVerifiedAt,
    })
    .from(franchiseApplications)
    .where(eq(franchiseApplications.id, id));
  if (!application) return { status: "invalid" };
  const keys = await acceptedKeys(db, "application-email-link");
  if (!signedWithAny(keys, token, (key) => sign(key, id, application.email))) return { status: "invalid" };
  return {
    status: application.emailVerifiedAt ? "confirmed" : "pending",
    firstName: application.firstName,
    email: application.email,
  };
}

/** Records that the applicant confirmed the address (once; repeating it changes nothing). */
export async function confirmApplicationEmail(
  db: Db,
  { id, token, now = new Date() }: { id: string; token: string; now?: Date },
): Promise<ApplicationLink> {
  const link = await readApplicationLink(db, id, token);
  if (link.status !== "pending") return link;
  try {
    await db
      .update(franchiseApplications)
      .set({ emailVerifiedAt: now })
      .where(and(eq(franchiseApplications.id, id), isNull(franchiseApplications.emailVerifiedAt)));
  } catch (error) {
    // Another application of this address is confirmed (one per address, ADR 066): this one
    // stays unconfirmed, and cannot be approved.
    if (isUniqueViolation(error)) return { status: "invalid" };
    throw error;
  }
  return { ...link, status: "confirmed" };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = "cause" in e ? e.cause : undefined) {
    if ("code" in e && e.code === "23505") return true;
  }
  return false;
}
