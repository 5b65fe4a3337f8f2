import { BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { appointments, appointmentUpsells, consentEvents, jobs } from "#db/schema";
import { priceBooking } from "~/domain/booking/pricing";
import type { BookingRequest } from "~/domain/booking/schemas";
import { bookingDurationMinutes, type SlotRules } from "~/domain/booking/slots";
import { locate } from "~/domain/geo/locate";
import { decideFromLocation } from "~/domain/geo/service-area";
import { isWithinBookingHorizon } from "~/domain/booking/horizon";
import type { GeoPoint, PointPrecision } from "~/domain/travel/travel-time";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import { bookingConsentsInsert } from "../messaging/consent.server";
import { memberPriceFor, recordMemberUse } from "../memberships/member-price.server";
import { applyPromoCode, recordPromoUse, type AppliedPromo } from "../offers/redeem-promo-code.server";
import { bookingConfirmationInsert } from "../messaging/notify.server";
import { remembered } from "./slot-cache.server";
import { blockedUntilFor, dayDriveTimes } from "./booking-travel.server";
import type { Db, Tx } from "../../db.server";
import { insertTogether } from "../../db-statements.server";
import type { RateLimitRule } from "../../rate-limit.server";
import { assignMember } from "./assign-member.server";
import { loadBookableZone, loadBookingService, loadTeam, type BookableZone } from "./booking-context.server";
import { hashManageToken } from "./manage-access.server";
import {
  claimRequestKeys,
  RepeatedRequest,
  requestSealKeys,
  type RequestKey,
} from "./booking-requests.server";
import { resolveUpsells } from "./resolve-upsells.server";
import { resolveBookingVehicles } from "../vehicles/booking-vehicles.server";
import { stripeFromEnv } from "../../payments/stripe.server";
import { cardSetupFor } from "../payments/payment-setup.server";
import { redeemGiftCard } from "../giftcards/gift-card-redemption.server";
import { withBookedSlot } from "./slot-change.server";
import { ownerOf } from "./booking-owner.server";

/** Bookings one IP address may make: plenty for a family or an agent, too few for a flood. */
export const BOOKING_RATE_LIMIT = { max: 20, windowSeconds: 10 * 60 } as const satisfies RateLimitRule;

/** Crockford's base 32, lower case: no i, l, o or u to misread. */
const BOOKING_ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
/** 10 characters of base 32: 50 random bits, short enough to read over the phone. */
const BOOKING_ID_LENGTH = 10;

/** A public booking id: short, URL-safe and unguessable (50 random bits). */
export function newBookingId(): string {
  const bytes = crypto.randomBytes(BOOKING_ID_LENGTH);
  // 256 is a multiple of 32, so the low five bits of each byte are uniform.
  return Array.from(bytes, (byte) => BOOKING_ID_ALPHABET[byte & 31]).join("");
}

/** The secret of the manage link: 32 random bytes, base64url. Only its SHA-256 is stored. */
function newManageToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export interface BookSlotResult {
  appointmentId: string;
  bookingId: string;
  /** The secret of the manage link; not stored, so it can be shown or sent only now. */
  manageToken: string;
  zoneSlug: string;
  teamMemberId: string;
  startAt: Date;
  endAt: Date;
  /** Before taxes: each car's price (by size class) + upsells, less the promo discount. */
  priceCents: number;
  /** The promo code's and the membership's discount (cents, before taxes, ADR 095); 0 without. */
  discountCents: number;
  /** The request was booked already (one of its keys, ADR 068): this is that first booking. */
  repeated?: true;
}

/**
 * Books a slot (docs/http-api.md, 'Booking engine'; ADR 008). The service address must lie in the
 * booked zone (ADDRESS_NOT_LOCATED, ADDRESS_OUT_OF_ZONE). Then one transaction re-checks the slot
 * with fresh busy ranges, assigns the least loaded free team member and inserts the appointment.
 * The exclusion constraint is what forbids a double booking: when another booking took the
 * member first (23P01), the slot is re-checked once with the next free member, else SLOT_TAKEN.
 * A start that was never offered is SLOT_UNAVAILABLE.
 *
 * A promo code (ADR 050) is checked and counted in the same transaction, its row locked: the
 * discount comes off the price before taxes, or the booking fails with PROMO_CODE_REFUSED.
 *
 * The same transaction records the consent the form gave and queues the confirmation e-mail and
 * the 24 h reminder (ADR 013). Other instances hear of the change after the commit (ADR 054).
 *
 * The booking shows in a client's space when the actor is that client, or when its e-mail is a
 * client account's.
 *
 * `keys` make the request bookable once (ADR 068): they are claimed by the transaction's first
 * statement; a key already booked answers with that first booking (`repeated`), or refuses
 * another request under it (REQUEST_KEY_REUSED, DUPLICATE_BOOKING).
 */
export async function bookSlot(
  db: Db,
  {
    actor,
    input,
    now,
    keys = [],
    series,
  }: {
    actor: SessionUser | null;
    input: BookingRequest;
    now: Date;
    keys?: readonly RequestKey[];
    /**
     * A recurring wash's occurrence (ADR 086): its crew member when free, and `claim`, run first
     * in the booking's transaction, which records the occurrence once (or throws to place nothing).
     */
    series?: { preferredMemberId?: string; claim: (tx: Tx, appointmentId: string) => Promise<void> };
  },
): Promise<BookSlotResult> {
  if (!isWithinBookingHorizon(new Date(input.start), now)) throw new AppError("BEYOND_BOOKING_HORIZON");
  const zone = await remembered(db, `zone:${input.zone}`, () => loadBookableZone(db, input.zone));
  const place = checkAddress(zone, input);
  // Everything that can be read and computed before the transaction is (ADR 054): it holds the
  // member-day locks, and on PGlite the one session, for as short a time as it can. The zone,
  // service and team come from memory when a booking read them in the last seconds.
  const service = await remembered(db, `service:${input.serviceId ?? ""}`, () =>
    loadBookingService(db, input.serviceId),
  );
  const [vehicles, members, upsells, userId, cardSetup] = await Promise.all([
    // Each car priced by its size class (ADR 085); null for a bare count.
    resolveBookingVehicles(db, {
      service,
      cars: input.cars,
      ownerId: actor?.role === "client" ? actor.id : null,
      choice: { vehicleIds: input.vehicleIds, sizes: input.sizes },
    }),
    remembered(db, `team:${zone.franchiseeId}`, () => loadTeam(db, zone.franchiseeId)),
    resolveUpsells(db, input.upsells ?? []),
    ownerOf(db, actor, input.email),
    // A zone that takes a card: the confirmation waits for the card step (ADR 074). Without
    // Stripe's keys, no query.
    cardSetupFor(db, zone.id, stripeFromEnv() !== undefined),
  ]);
  const sealKeys = keys.length > 0 ? await requestSealKeys(db) : [];
  const price = priceBooking({ unitPriceCents: service.basePriceCents, cars: input.cars, vehicles, upsells });

  const startAt = new Date(input.start);
  const endAt = new Date(
    startAt.getTime() + bookingDurationMinutes(service.durationMinutes, input.cars) * 60_000,
  );
  // With a point, the next job's start is checked against the drive (ADR 048): the range the
  // exclusion constraint guards keeps only the set-up time every trip has; without one, the
  // fixed buffer (ADR 008).
  const site = place.point;
  const blockedUntil = blockedUntilFor(endAt, site);
  const driveTime = await dayDriveTimes(db, site, zone.base, members, startAt);
  const appointmentId = crypto.randomUUID();
  const bookingId = newBookingId();
  const manageToken = newManageToken();
  const rules = (busy: SlotRules["busy"]): SlotRules & { start: Date } => ({
    now,
    timeZone: BUSINESS_TIME_ZONE,
    serviceDurationMinutes: service.durationMinutes,
    cars: input.cars,
    members,
    busy,
    start: startAt,
    site,
    base: zone.base,
    driveTime,
  });

  // The NOTIFY goes after the commit, not inside it: inside, it serialized concurrent commits.
  return withBookedSlot(db, async (tx) => {
    // First, before any lock on the slot: a repeat of this request waits here for the first.
    await claimRequestKeys(tx, { keys, input, appointmentId, manageToken, sealKeys, now, startAt });
    if (series) await series.claim(tx, appointmentId);
    const promo: AppliedPromo | null = input.promoCode
      ? await applyPromoCode(tx, {
          code: input.promoCode,
          zoneId: zone.id,
          cars: input.cars,
          email: input.email,
          phone: input.phone,
          address: input.address,
          subtotalCents: price.subtotalCents,
          now,
        })
      : null;
    // A member's included washes and extras' discount (ADR 095), its subscription row locked.
    const member =
      actor?.role === "client"
        ? await memberPriceFor(tx, {
            userId: actor.id,
            serviceId: service.id,
            carPricesCents:
              vehicles?.map((v) => v.priceCents) ?? Array(input.cars).fill(service.basePriceCents),
            upsellsCents: price.upsellsCents,
            startAt,
          })
        : null;
    const discountCents = Math.min(
      price.subtotalCents,
      (promo?.discountCents ?? 0) + (member?.discountCents ?? 0),
    );
    const priceCents = price.subtotalCents - discountCents;
    // The consent the form gave, the confirmation e-mail and the 24 h reminder: rows that name
    // the appointment by its id, chosen here, and commit with it (ADR 013).
    const followers = (write: Tx) => [
      bookingConsentsInsert(write, {
        appointmentId,
        email: input.email,
        phone: input.phone,
        smsConsent: input.smsConsent ?? false,
        emailConsent: input.emailConsent ?? false,
        userId,
        signedInClientId: actor?.role === "client" ? actor.id : null,
        now,
      }),
      bookingConfirmationInsert(write, appointmentId, {
        manageToken,
        now,
        startAt,
        awaitsCard: cardSetup !== null,
      }),
    ];
    const assigned = await assignMember(
      tx,
      members,
      rules,
      async (write, teamMemberId) => {
        // A concurrent booking of the member (the exclusion constraint, ADR 008) makes the insert
        // do nothing instead of failing: no savepoint to wrap it in, one statement. (The public id
        // is the only other unique value: 50 random bits, a collision would read as SLOT_TAKEN.)
        const appointment = write
          .insert(appointments)
          .values({
            id: appointmentId,
            bookingId,
            manageTokenHash: hashManageToken(manageToken),
            zoneId: zone.id,
            franchiseeId: zone.franchiseeId,
            teamMemberId,
            serviceId: service.id,
            userId,
            cars: input.cars,
            startAt,
            endAt,
            blockedUntil,
            customerName: input.name,
            customerEmail: input.email,
            customerPhone: input.phone,
            address: input.address,
            city: place.city,
            postalCode: place.postalCode,
            latitude: site?.lat ?? null,
            longitude: site?.lon ?? null,
            locationPrecision: site ? place.precision : null,
            // The booking\'s texts: the service-texts choice, else the SMS box as before (ADR 014).
            smsConsent: input.serviceTexts ?? input.smsConsent ?? false,
            unitPriceCents: service.basePriceCents,
            vehicles,
            priceCents,
            discountCents,
          })
          .onConflictDoNothing()
          .returning({ id: appointments.id });
        // The extras' rows need the appointment first (a foreign key): they and the followers go
        // after it. Without extras, the followers go in the appointment's own statement, one round
        // trip less (ADR 054; scripts/bench-measurements.md, eleventh pass); when the member was taken meanwhile, they are deleted
        // again before the next try (nobody saw them: the transaction has not committed).
        if (upsells.length > 0) {
          const [row] = await appointment;
          return row?.id ?? null;
        }
        const [row] = await insertTogether(write, [...followers(write), appointment]);
        if (row) return appointmentId;
        await forgetFollowers(write, appointmentId);
        return null;
      },
      { preferredMemberId: series?.preferredMemberId },
    );
    if (member) await recordMemberUse(tx, member, appointmentId);
    if (promo) {
      await recordPromoUse(tx, promo, { appointmentId, email: input.email, phone: input.phone, now });
    }
    // A gift card pays its part in the same transaction, or the booking fails (ADR 087).
    if (input.giftCardCode) {
      await redeemGiftCard(tx, {
        code: input.giftCardCode,
        appointmentId,
        franchiseeId: zone.franchiseeId,
        priceCents,
        now,
      });
    }
    // With extras: they, the consent, the confirmation e-mail and the 24 h reminder commit with
    // it, in one statement after it: the transaction waits for the database once, not once each.
    if (upsells.length > 0) {
      await insertTogether(tx, [
        tx.insert(appointmentUpsells).values(
          upsells.map((u) => ({
            appointmentId,
            upsellOptionId: u.id,
            name: u.name,
            priceCents: u.priceCents,
          })),
        ),
        ...followers(tx),
      ]);
    }
    return {
      appointmentId,
      bookingId,
      manageToken,
      zoneSlug: zone.routeSlug,
      teamMemberId: assigned.teamMemberId,
      startAt,
      endAt,
      priceCents,
      discountCents,
    };
  }).catch((error: unknown) => {
    if (error instanceof RepeatedRequest) return { ...error.first, repeated: true as const };
    throw error;
  });
}

/**
 * Deletes the consent rows and the jobs that named an appointment whose insert lost to a
 * concurrent booking (its id is not in the table), in the same transaction, before the next try.
 */
async function forgetFollowers(tx: Tx, appointmentId: string): Promise<void> {
  await tx.execute(
    sql`with consents as (delete from ${consentEvents} where ${consentEvents.appointmentId} = ${appointmentId})
      delete from ${jobs} where ${jobs.payload} ->> 'appointmentId' = ${appointmentId}`,
  );
}

/**
 * The service address must lie in the booked zone (docs/product-decisions.md, 'Booking'); the offline
 * locator gives the municipality, postal code and point kept on the appointment.
 */
function checkAddress(
  zone: BookableZone,
  input: Pick<BookingRequest, "address" | "postalCode">,
): {
  city: string;
  postalCode: string | null;
  point: GeoPoint | null;
  precision: PointPrecision;
} {
  const location = locate([input.address, input.postalCode].filter(Boolean).join(" "));
  const decision = decideFromLocation(location, [zone.area]);
  if (
    decision.code === "EMPTY" ||
    decision.code === "NEEDS_POSTAL_CODE" ||
    decision.code === "UNKNOWN_PLACE"
  ) {
    throw new AppError("ADDRESS_NOT_LOCATED");
  }
  if (!decision.inArea || location.kind !== "point") throw new AppError("ADDRESS_OUT_OF_ZONE", zone.zoneName);
  const foundPostalCode = location.postalCode && location.postalCode.length > 3 ? location.postalCode : null;
  return {
    // The label is the town, or the postal code as typed when the code's area has no town name.
    city: /\d/.test(location.label) ? zone.zoneName : location.label,
    postalCode: input.postalCode ?? foundPostalCode,
    point: { lat: location.lat, lon: location.lon },
    precision: location.source,
  };
}
