import { and, eq } from "drizzle-orm";
import { consentEvents, users } from "#db/schema";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { EMAIL_MAX_ATTEMPTS } from "./notify.server";
import { consentAddress, currentConsent, recordConsent } from "./consent.server";
import { acceptedKeys, purposeKey } from "../../security/keys.server";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe.server";

/**
 * Double opt-in (ADR 071): a box ticked for an e-mail address nobody has proven (a booking, the
 * waiting list) records a `requested` express consent and one transactional e-mail with a signed
 * link; only the link (or a signed-in account whose verified e-mail is that address) turns it
 * into express consent. The token is signed like an unsubscribe link, with its own key
 * ("consent-confirm-link", ADR 101), so one cannot stand for the other. It does not expire:
 * opening it is the person's own act.
 */

export async function consentConfirmToken(db: Db | Tx, rawAddress: string): Promise<string> {
  const address = consentAddress("email", rawAddress);
  if (!address) throw new Error("unusable address for a consent confirmation link");
  return signUnsubscribeToken(await purposeKey(db, "consent-confirm-link"), "email", address);
}

/** The page the confirmation e-mail links to: /confirm-offers?token=… (nothing changes on GET). */
export async function consentConfirmUrl(db: Db | Tx, address: string): Promise<string> {
  return `${env().PUBLIC_URL}/confirm-offers?token=${await consentConfirmToken(db, address)}`;
}

/** The e-mail address a genuine token names, or null. */
export async function readConsentConfirmToken(db: Db, token: string): Promise<string | null> {
  const target = verifyUnsubscribeToken(await acceptedKeys(db, "consent-confirm-link"), token);
  return target?.channel === "email" ? target.address : null;
}

/**
 * Records the express consent a genuine token proves (source email_confirmation); null when the
 * token is not genuine. Pressing the button again records nothing more.
 */
export async function confirmConsentWithToken(
  db: Db,
  token: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<string | null> {
  const address = await readConsentConfirmToken(db, token);
  if (!address) return null;
  await db.transaction(async (tx) => {
    if ((await currentConsent(tx, "email", address, now)).state === "express") return;
    await recordConsent(tx, {
      channel: "email",
      address,
      kind: "express",
      action: "given",
      source: "email_confirmation",
      now,
    });
  });
  return address;
}

/**
 * Asks an address to confirm the express consent a form requested: nothing when it already has
 * express consent; the consent itself when `userId` names the account signed in to ask, and its
 * verified e-mail is this address (proven already); else one `email.consent-confirm` job (one
 * pending per address). Never pass an account found by the e-mail alone: that proves nothing.
 */
export async function askConsentConfirmation(
  tx: Db | Tx,
  {
    email,
    userId,
    source,
    appointmentId,
    now,
  }: { email: string; userId?: string | null; source: string; appointmentId?: string | null; now: Date },
): Promise<"confirmed" | "asked" | "none"> {
  const address = consentAddress("email", email);
  if (!address) return "none";
  if ((await currentConsent(tx, "email", address, now)).state === "express") return "none";
  if (userId) {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.email, address), eq(users.emailVerified, true)));
    if (user) {
      await recordConsent(tx, {
        channel: "email",
        address,
        kind: "express",
        action: "given",
        source: `${source}_verified_account`,
        userId,
        appointmentId: appointmentId ?? null,
        now,
      });
      return "confirmed";
    }
  }
  await enqueue(
    tx,
    "email.consent-confirm",
    { address },
    { maxAttempts: EMAIL_MAX_ATTEMPTS, singletonKey: `consent-confirm:${address}` },
  );
  return "asked";
}

/**
 * The request a booking's offers box recorded (a `requested` e-mail event names the appointment),
 * with the client who was signed in to make it; null when the box was not ticked.
 */
export async function bookingEmailConsentRequest(
  db: Db | Tx,
  appointmentId: string,
): Promise<{ signedInClientId: string | null } | null> {
  const [row] = await db
    .select({ userId: consentEvents.userId })
    .from(consentEvents)
    .where(
      and(
        eq(consentEvents.appointmentId, appointmentId),
        eq(consentEvents.channel, "email"),
        eq(consentEvents.action, "requested"),
      ),
    )
    .limit(1);
  return row ? { signedInClientId: row.userId } : null;
}
