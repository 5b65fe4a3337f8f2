import { sql } from "drizzle-orm";
import { waitlistEntries } from "#db/schema";
import { locate, nearestMunicipality } from "~/domain/geo/locate";
import { fsaOf } from "~/domain/geo/postal-code";
import { decideFromLocation } from "~/domain/geo/service-area";
import type { WaitlistForm } from "~/domain/waitlist/schemas";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
import { recordConsent } from "../messaging/consent.server";
import { askConsentConfirmation } from "../messaging/consent-confirm.server";
import { listZones } from "../zones/list-zones.server";

/** Sign-ups one address may send: a household's few codes, too few for a spam run. */
export const WAITLIST_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const satisfies RateLimitRule;

export type JoinWaitlistResult =
  /** On the list (a second sign-up for the same e-mail and code is the same entry). */
  | { status: "joined"; postalCode: string }
  /** An active zone already serves the code: nothing stored, the visitor can book. */
  | { status: "served"; zoneName: string; routeSlug: string }
  /** Not a Quebec postal code: we serve Quebec only (docs/product-decisions.md, 'Zones and regions'). */
  | { status: "outside-quebec" };

/**
 * 'Prévenez-moi quand vous desservirez mon secteur' (ADR 046). Records the express consent the
 * form's box requested in the consent ledger and queues the e-mail that confirms it (ADR 071), then the entry with the code's FSA, point and town from
 * the offline locator, in one transaction. RATE_LIMITED past WAITLIST_RATE_LIMIT per address.
 */
export async function joinWaitlist(
  db: Db,
  { input, ip, now = new Date() }: { input: WaitlistForm; ip: string; now?: Date },
): Promise<JoinWaitlistResult> {
  const limit = await hitRateLimit(db, `waitlist:ip:${ip}`, WAITLIST_RATE_LIMIT);
  if (!limit.allowed) throw new AppError("RATE_LIMITED");

  const location = locate(input.postalCode);
  if (location.kind === "outside-quebec") return { status: "outside-quebec" };
  const point = location.kind === "point" ? { lat: location.lat, lon: location.lon } : null;
  if (location.kind === "point") {
    const decision = decideFromLocation(location, await listZones(db, { now }));
    if (decision.inArea && decision.zone) {
      return { status: "served", zoneName: decision.zone.zoneName, routeSlug: decision.zone.routeSlug };
    }
  }
  const town =
    location.kind === "point" && location.source === "municipality"
      ? location.label
      : point
        ? nearestMunicipality(point)
        : null;

  await db.transaction(async (tx) => {
    const consentEventId = await recordConsent(tx, {
      channel: "email",
      address: input.email,
      kind: "express",
      // Nobody has proven the address: the e-mail's link confirms it (double opt-in, ADR 071).
      action: "requested",
      source: "waitlist_form",
      now,
    });
    await askConsentConfirmation(tx, { email: input.email, source: "waitlist_form", now });
    await tx
      .insert(waitlistEntries)
      .values({
        email: input.email,
        postalCode: input.postalCode,
        fsa: fsaOf(input.postalCode),
        town,
        latitude: point?.lat ?? null,
        longitude: point?.lon ?? null,
        consentEventId,
        createdAt: now,
      })
      // The same e-mail and code again: one entry, pointing at the latest consent.
      .onConflictDoUpdate({
        target: [waitlistEntries.email, waitlistEntries.postalCode],
        set: { consentEventId: sql`excluded.consent_event_id` },
      });
  });
  return { status: "joined", postalCode: input.postalCode };
}
