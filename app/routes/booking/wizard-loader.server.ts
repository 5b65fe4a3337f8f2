import { z } from "~/lib/zod-fr";
import { freedTimeWindow } from "~/domain/freed-time/schemas";
import { SizeClassSlugSchema } from "~/domain/booking/vehicle-schemas";
import { bookedVehicles, vehiclePriceCents, type BookedVehicle } from "~/domain/booking/vehicles";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { resolveBookingVehicles } from "~/server/services/vehicles/booking-vehicles.server";
import { listCustomerVehicles } from "~/server/services/vehicles/customer-vehicles.server";
import { loadPricedSizeClasses } from "~/server/services/vehicles/size-classes.server";
import { CARS_MAX, CARS_MIN } from "~/domain/booking/pricing";
import { keepChoices } from "~/domain/booking/kept-choices";
import { formatDay } from "~/lib/format";
import { formatTime } from "~/domain/time/format-instant";
import { BOOKING_LIMITS } from "~/domain/booking/limits";
import { parsePostalCode } from "~/domain/geo/postal-code";
import type { GeoPoint } from "~/domain/travel/travel-time";
import { hasCode } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { listOpenSlots } from "~/server/services/booking/list-open-slots.server";
import { locateBookingAddress } from "~/server/services/booking/locate-booking-address.server";
import { listActiveServices } from "~/server/services/catalog/list-active-services.server";
import { listUpsellOptions } from "~/server/services/catalog/list-upsell-options.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import { referralDiscountFor } from "~/server/services/offers/referrals.server";
import type { Route } from "./+types/wizard";
import { requestInfo } from "~/server/request-info.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { zonePaymentPolicy } from "~/server/services/payments/booking-payment.server";
import { localDate } from "~/domain/time/zoned";
import { memberQuote } from "~/server/services/memberships/member-price.server";
import { bookingPrefill } from "~/server/services/booking/booking-prefill.server";

const w = wizardMessages;
/** 'lundi 9 mars 2026', as the time step writes a day. */
const formatSlotDay = (day: string) => formatDay(day, "weekdayYear");
const b = bookingMessages;

/** A blank or malformed search parameter counts as absent: the wizard then asks again. */
const WizardQuerySchema = z.object({
  /** The address or postal code, typed once at step 1 (ADR 044). */
  where: z.string().trim().max(BOOKING_LIMITS.address).optional().catch(undefined),
  zone: z.string().trim().toLowerCase().min(1).max(BOOKING_LIMITS.zone).optional().catch(undefined),
  cars: z.coerce.number().int().min(CARS_MIN).max(CARS_MAX).optional().catch(undefined),
  step: z.enum(["1", "2"]).catch("1"),
  service: z.uuid().optional().catch(undefined),
  /** A promo or referral code from a personal link (/booking?promo=CODE, ADR 050). */
  promo: z.string().trim().max(64).optional().catch(undefined),
  /** The signed-in client's saved vehicles, by id (ADR 085): their count is the cars. */
  vehicle: z.preprocess(listOf, z.array(z.uuid()).max(CARS_MAX)).catch([]),
  /** A size class per car, by slug (ADR 085); missing ones are the standard class. */
  size: z.preprocess(listOf, z.array(SizeClassSlugSchema).max(CARS_MAX)).catch([]),
  /**
   * A time chosen in advance: back from « Modifier » (issue 33, ADR 093), kept while still open,
   * or a freed time's offer (ADR 091), where the booking decides.
   */
  start: z.iso.datetime({ offset: true }).optional().catch(undefined),
  /** … and the extras chosen, by slug, kept while still offered. */
  extra: z.preprocess(listOf, z.array(z.string().trim().min(1).max(64)).max(20)).catch([]),
});

/** The offered start at the same instant as `start`, else `start` itself (taken meanwhile). */
function sameInstant(days: readonly { slots: readonly { start: string }[] }[], start: string): string {
  const at = new Date(start).getTime();
  for (const day of days)
    for (const slot of day.slots) if (new Date(slot.start).getTime() === at) return slot.start;
  return start;
}

/** One search parameter gives a string, repeated ones a list (Object.fromEntries keeps the last). */
function listOf(value: unknown) {
  return value === undefined ? [] : typeof value === "string" ? [value] : value;
}

/** The query as an object, repeated parameters (vehicle, size) as lists. */
function queryOf(url: URL) {
  return {
    ...Object.fromEntries(url.searchParams),
    vehicle: url.searchParams.getAll("vehicle"),
    size: url.searchParams.getAll("size"),
    extra: url.searchParams.getAll("extra"),
  };
}
/** The same budget as the service-area check (POST /api/validate-location), whose key it shares. */
const CHECK_RATE_LIMIT = { max: 30, windowSeconds: 60 };
type StepOneError = {
  field: "where" | "zone" | "cars" | "form";
  message: string;
  notServed?: boolean;
  /** Not served yet: the waiting list is offered, pre-filled with the full code typed (ADR 046). */
  waitlistCode?: string;
};
/**
 * One path (ADR 044): /booking, /booking/{id}, the zone pages and ?service= all start here.
 * The state lives in the URL (?where=&cars=&zone=&step=2), so a reload, back and forward, and a
 * browser without JavaScript land on the same step. Step 1 asks the address or postal code and
 * the cars; the address decides the zone (a chooser only when two zones cover it). Step 2 loads
 * the open slots of the next 30 days, the extras, and the details pre-filled with the address.
 * A link with ?zone=&cars=&step=2 and no address (older links) still opens step 2.
 */
export async function loadWizard({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const query = WizardQuerySchema.parse(queryOf(new URL(request.url)));
  const [zones, services, upsells, user, referralDiscountCents] = await Promise.all([
    listZones(db),
    listActiveServices(db),
    listUpsellOptions(db),
    getSessionUser(request),
    // A referral link (/booking?promo=AMI-...): step 1 says its discount will be applied.
    query.promo && query.step === "1" ? referralDiscountFor(db, query.promo) : null,
  ]);
  const service = services.find((s) => s.id === query.service) ?? services[0] ?? null;
  // The cars (ADR 085): a signed-in client picks saved vehicles, anyone else a size class per car.
  const [sizeClasses, savedVehicles, known] = await Promise.all([
    service ? loadPricedSizeClasses(db, service.id) : [],
    user?.role === "client" ? listCustomerVehicles(db, { actor: user }) : [],
    // A signed-in client's phone and last address, typed once (ADR 107).
    bookingPrefill(db, { actor: user }),
  ]);
  const knownWhere =
    known?.address && known.postalCode && !known.address.includes(known.postalCode)
      ? `${known.address} ${known.postalCode}`
      : (known?.address ?? "");
  const vehicleIds = query.vehicle.filter((id) => savedVehicles.some((v) => v.id === id));
  const cars = vehicleIds.length > 0 ? vehicleIds.length : (query.cars ?? null);
  const standard = sizeClasses[0]?.slug ?? "auto";
  const sizes =
    vehicleIds.length > 0 || cars === null
      ? []
      : Array.from({ length: cars }, (_, i) => query.size[i] ?? standard);
  const bookable = zones.filter((zone) => zone.status === "active");
  const page = {
    // Step 1's field: what was typed, else a signed-in client's last address (ADR 107).
    where: query.where ?? (query.step === "1" ? knownWhere : ""),
    cars,
    choice: { vehicleIds, sizes },
    sizeClasses: sizeClasses.map(({ slug, name, differenceCents }) => ({
      slug,
      name,
      priceCents: service ? vehiclePriceCents(service.basePriceCents, differenceCents) : 0,
    })),
    savedVehicles: savedVehicles.map(({ id, label, sizeClass, sizeClassName }) => ({
      id,
      label,
      sizeClassName,
      priceCents: service
        ? vehiclePriceCents(
            service.basePriceCents,
            sizeClasses.find((c) => c.slug === sizeClass)?.differenceCents ?? 0,
          )
        : 0,
    })),
    serviceParam: query.service ?? null,
    // What step 1 carries forward again (hidden fields of its GET form): the day, time and extras.
    keep: {
      start: query.start ?? null,
      extras: query.extra,
      day: query.start ? localDate(query.start) : null,
    },
    promo: query.promo ?? null,
    start: query.start ?? null,
    service: service ? { id: service.id, name: service.name, basePriceCents: service.basePriceCents } : null,
    prefill: user ? { name: user.name, email: user.email, phone: known?.phone ?? "" } : null,
  };
  const stepOne = (error: StepOneError | null, choices: { slug: string; name: string }[] = []) => ({
    ...page,
    referralDiscountCents,
    step: 1 as const,
    error,
    choices,
    zoneHint: bookable.find((z) => z.routeSlug === query.zone)?.zoneName ?? null,
    slots: null,
  });

  if (query.step === "1") return stepOne(null);
  if (!cars) return stepOne({ field: "cars", message: b.carsInvalid });
  if (!service) return stepOne({ field: "form", message: w.noService });
  // Each car priced by its class, by the booking's own rule (the summary shows what is booked).
  let vehicles: BookedVehicle[];
  try {
    const chosen = await resolveBookingVehicles(db, {
      service,
      cars,
      ownerId: user?.role === "client" ? user.id : null,
      choice: page.choice,
    });
    vehicles = chosen ?? bookedVehicles({ cars, unitPriceCents: service.basePriceCents, vehicles: null });
  } catch (error) {
    if (hasCode(error, "UNKNOWN_VEHICLE"))
      return stepOne({ field: "cars", message: vehiclesMessages.unknownVehicle });
    throw error;
  }

  let zoneSlug = bookable.find((z) => z.routeSlug === query.zone)?.routeSlug ?? null;
  let address = "";
  let postalCode = "";
  let site: GeoPoint | null = null;
  if (query.where) {
    const limit = await hitRateLimit(db, `validate-location:${requestInfo(context).ip}`, CHECK_RATE_LIMIT);
    if (!limit.allowed) return stepOne({ field: "where", message: messages.errors.rateLimited });
    const area = await locateBookingAddress(db, { text: query.where });
    if (!area.decision.inArea || area.zones.length === 0) {
      const joinable = area.decision.code === "OUT_OF_AREA" || area.decision.code === "ZONE_NOT_ACTIVE";
      return stepOne({
        field: "where",
        message: area.message,
        notServed: true,
        ...(joinable ? { waitlistCode: parsePostalCode(area.postalCode ?? "") ?? "" } : {}),
      });
    }
    if (!zoneSlug || !area.zones.some((z) => z.slug === zoneSlug)) {
      if (area.zones.length > 1) return stepOne(null, area.zones);
      zoneSlug = area.zones[0]!.slug;
    }
    site = area.point;
    const typedPostalCode = parsePostalCode(query.where);
    // A postal code alone: the street comes from the client's last booking there, if any (ADR 107).
    const knownAddress =
      known && typedPostalCode && parsePostalCode(known.postalCode) === typedPostalCode ? known.address : "";
    address = typedPostalCode ? knownAddress : query.where;
    postalCode = typedPostalCode ?? (area.postalCode && area.postalCode.length > 3 ? area.postalCode : "");
  } else if (!zoneSlug) {
    return stepOne(
      query.zone
        ? { field: "where", message: b.zoneNotActive }
        : { field: "where", message: w.whereRequired },
    );
  }

  try {
    // The times leave room for the drive to this address (ADR 048).
    const [slots, payment, member] = await Promise.all([
      listOpenSlots(db, {
        zoneSlug,
        cars,
        serviceId: service.id,
        site,
        now: new Date(),
      }),
      // The zone's card setting: the summary says what is charged today and later (ADR 074).
      zonePaymentPolicy(db, zoneSlug, stripeFromEnv() !== undefined),
      // A member's price (ADR 095): the summary shows it before « Confirmer la réservation ».
      user?.role === "client" ? memberQuote(db, user.id) : null,
    ]);
    // The time chosen before (« Modifier », ADR 093) or offered (a freed time, ADR 091), spelled
    // as the picker offers it, kept while still open; otherwise the notice says it is gone.
    const kept = keepChoices(
      { start: query.start ? sameInstant(slots.days, query.start) : null, extras: query.extra },
      { days: slots.days, extras: upsells.map((u) => u.slug) },
    );
    return {
      ...page,
      step: 2 as const,
      kept,
      keptNotice:
        kept.lostStart || kept.lostExtras > 0
          ? w.keptLost(
              kept.lostStart
                ? `${formatSlotDay(localDate(kept.lostStart))} à ${formatTime(kept.lostStart).replaceAll(" ", "\u00a0")}`
                : null,
              kept.lostExtras,
            )
          : null,
      error: null,
      slots,
      vehicles,
      // The booking form's own key (ADR 068): a double submit or a retry of it books once.
      requestKey: crypto.randomUUID(),
      // The time chosen in advance, when still open (above).
      start: kept.start,
      // « Prévenez-moi si une heure se libère » (ADR 091): the days it offers.
      freedDays: freedTimeWindow(localDate(new Date())),
      payment,
      member: member && member.serviceId === service.id ? member : null,
      city: bookable.find((z) => z.routeSlug === zoneSlug)?.zoneName ?? slots.zone,
      address,
      postalCode,
      extras: upsells.map(({ slug, name, description, priceCents, isPopular }) => ({
        slug,
        name,
        description,
        priceCents,
        isPopular,
      })),
    };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) return stepOne({ field: "where", message: b.zoneNotFound });
    if (hasCode(error, "ZONE_NOT_ACTIVE")) return stepOne({ field: "where", message: b.zoneNotActive });
    throw error;
  }
}
