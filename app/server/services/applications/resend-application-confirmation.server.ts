import { eq } from "drizzle-orm";
import { franchiseApplications } from "#db/schema";
import type { Db } from "../../db.server";
import { hitRateLimit } from "../../rate-limit.server";
import { queueApplicationReceived } from "../messaging/notify.server";

/** Three links an hour per application: enough for a lost e-mail, not a way to flood a mailbox. */
const RESEND_LIMIT = { max: 3, windowSeconds: 3600 };

export type ResendOutcome = "sent" | "confirmed" | "rate-limited" | "not-found";

/**
 * Sends the application's confirmation e-mail again (the 'application received' e-mail and its
 * link, ADR 043), for its applicant: only while the address is unconfirmed and the application
 * still waits for a decision, at most three times an hour.
 */
export async function resendApplicationConfirmation(db: Db, { id }: { id: string }): Promise<ResendOutcome> {
  const [application] = await db
    .select({ status: franchiseApplications.status, emailVerifiedAt: franchiseApplications.emailVerifiedAt })
    .from(franchiseApplications)
    .where(eq(franchiseApplications.id, id));
  if (!application || application.status === "approved" || application.status === "rejected")
    return "not-found";
  if (application.emailVerifiedAt) return "confirmed";
  const limit = await hitRateLimit(db, `application-resend:${id}`, RESEND_LIMIT);
  if (!limit.allowed) return "rate-limited";
  await queueApplicationReceived(db, id);
  return "sent";
}
