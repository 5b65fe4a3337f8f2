import type { ConsentChoice } from "~/domain/loyalty/schemas";
import type { ConsentChannel, ConsentStatus } from "~/domain/messaging/consent";
import type { Db } from "../../db.server";
import { currentConsent, recordConsent } from "../messaging/consent.server";
import { loadClient, verifiedAddresses, type ClientOwner } from "./client-owner.server";

const ACCOUNT_SETTINGS_SOURCE = "account_settings";

export interface ClientConsent {
  /** Null while the account's e-mail is not verified (ADR 043). */
  email: ConsentStatus | null;
  /** Null when the account has no verified phone number (ADR 043). */
  sms: ConsentStatus | null;
}

/**
 * The consent in force for the client's e-mail address and phone number (the consent ledger),
 * each only once verified: an unverified address shows nobody's history.
 */
export async function getClientConsent(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<ClientConsent> {
  return consentOf(db, { owner: await loadClient(db, userId), now });
}

/** The same, for an account already loaded (`loadClient`). */
export async function consentOf(
  db: Db,
  { owner, now }: { owner: ClientOwner; now: Date },
): Promise<ClientConsent> {
  const verified = verifiedAddresses(owner);
  const [email, sms] = await Promise.all([
    verified.email ? currentConsent(db, "email", verified.email, now) : null,
    verified.phone ? currentConsent(db, "sms", verified.phone, now) : null,
  ]);
  return { email, sms };
}

/**
 * Records the client's choices from the account settings (Canada's anti-spam law): a ticked
 * box is express consent, given when it was not already; an unticked box withdraws any consent
 * in force (express, or implied by a purchase). Unchanged choices add nothing to the ledger.
 * Only verified addresses are touched (ADR 043): nobody withdraws or gives another's consent.
 */
export async function setClientConsent(
  db: Db,
  { userId, choice, now = new Date() }: { userId: string; choice: ConsentChoice; now?: Date },
): Promise<ClientConsent> {
  const verified = verifiedAddresses(await loadClient(db, userId));
  await db.transaction(async (tx) => {
    const channels: [ConsentChannel, string | null, boolean][] = [
      ["email", verified.email, choice.email],
      ["sms", verified.phone, choice.sms],
    ];
    for (const [channel, address, wanted] of channels) {
      if (!address) continue;
      const state = (await currentConsent(tx, channel, address, now)).state;
      const action = wanted
        ? state === "express"
          ? null
          : "given"
        : state === "express" || state === "implied"
          ? "withdrawn"
          : null;
      if (!action) continue;
      await recordConsent(tx, {
        channel,
        address,
        kind: "express",
        action,
        source: ACCOUNT_SETTINGS_SOURCE,
        userId,
        now,
      });
    }
  });
  return getClientConsent(db, { userId, now });
}
