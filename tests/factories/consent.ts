import type { Db } from "~/server/db.server";
import { recordConsent } from "~/server/services/messaging/consent.server";

/** `address` follows the unsubscribe link of an e-mail at `now`: its implied consent is withdrawn. */
export async function unsubscribeEmail(db: Db, address: string, now: Date): Promise<void> {
  await recordConsent(db, {
    channel: "email",
    address,
    kind: "implied",
    action: "withdrawn",
    source: "unsubscribe_link",
    now,
  });
}
