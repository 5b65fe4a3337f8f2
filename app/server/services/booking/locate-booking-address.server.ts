import { offlineGeocoder, type Geocoder } from "~/domain/geo/geocoder";
import { decideFromLocation, type ServiceAreaDecision } from "~/domain/geo/service-area";
import { checkServiceArea as zonesAround, isActiveZone } from "~/domain/geo/zones";
import type { GeoPoint } from "~/domain/travel/travel-time";
import type { Db } from "../../db.server";
import { locationAnswer } from "../zones/check-service-area.server";
import { listZones } from "../zones/list-zones.server";

/** Where a booking starts: the address or postal code typed once, and the zones that serve it. */
export interface BookingArea {
  decision: ServiceAreaDecision;
  /** The French answer for the decision (the same as the service-area check's). */
  message: string;
  /** Active zones whose circle holds the place, nearest first: two or more means a chooser. */
  zones: { slug: string; name: string }[];
  /** The postal code found in the text (full or three characters), if any. */
  postalCode: string | null;
  /** The place's point, for the drive times of the slot list (ADR 048). */
  point: GeoPoint | null;
}

/**
 * The first step of the booking path (ADR 044): the same decision as the service-area check,
 * plus every active zone that covers the place, so the wizard picks the zone itself and asks
 * only when two zones cover the address.
 */
export async function locateBookingAddress(
  db: Db,
  { text, geocoder = offlineGeocoder }: { text: string; geocoder?: Geocoder },
): Promise<BookingArea> {
  const [location, zones] = await Promise.all([geocoder.locate(text), listZones(db)]);
  const decision = decideFromLocation(location, zones);
  const covering =
    location.kind === "point" && decision.inArea
      ? zonesAround(location, zones)
          .containing.filter((d) => isActiveZone(d.zone))
          .map((d) => ({ slug: d.zone.routeSlug, name: d.zone.zoneName }))
      : [];
  return {
    decision,
    message: locationAnswer(decision).message,
    zones: covering,
    postalCode:
      location.kind === "point" || location.kind === "outside-quebec" ? (location.postalCode ?? null) : null,
    point: location.kind === "point" ? { lat: location.lat, lon: location.lon } : null,
  };
}
