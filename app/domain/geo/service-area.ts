/**
 * The service-area decision (docs/product.md, sections 4 and 7, docs/product-decisions.md, 'Zones and regions'):
 * from a text or a located point to a code. Routes turn the code into French text with
 * messages.serviceArea. The `cities` field sent by clients is not an input: active zones decide.
 */
import { locate, type LocateResult } from "./locate";
import { checkServiceArea, type ServiceZone } from "./zones";

export type ServiceAreaCode =
  | "EMPTY"
  | "IN_AREA"
  | "OUT_OF_AREA"
  | "OUTSIDE_QUEBEC"
  | "NEEDS_POSTAL_CODE"
  | "UNKNOWN_PLACE"
  | "ZONE_NOT_ACTIVE";

export interface ServiceAreaDecision {
  inArea: boolean;
  code: ServiceAreaCode;
  /** The zone containing the place: active for IN_AREA, not active for ZONE_NOT_ACTIVE. */
  zone?: Pick<ServiceZone, "zoneName" | "routeSlug" | "statusLabel">;
  /** The zone name when a zone contains the place, else the municipality named, if any. */
  city?: string;
  distanceKm?: number;
  /** When the place is not served: the names of the active zones, to name what is (issue 33). */
  served?: string[];
}

/** The decision for a location from any geocoder (offline `locate` or an online one). */
export function decideFromLocation(
  location: LocateResult,
  zones: readonly ServiceZone[],
): ServiceAreaDecision {
  switch (location.kind) {
    case "empty":
      return { inArea: false, code: "EMPTY" };
    case "outside-quebec":
      return { inArea: false, code: "OUTSIDE_QUEBEC", served: servedNames(zones) };
    case "needs-postal-code":
      return {
        inArea: false,
        code: "NEEDS_POSTAL_CODE",
        ...(location.label ? { city: location.label } : {}),
      };
    case "unknown":
      return { inArea: false, code: "UNKNOWN_PLACE" };
    case "point":
      break;
  }
  const check = checkServiceArea(location, zones);
  const found = check.zone ?? check.containing[0];
  if (found) {
    const { zoneName, routeSlug, statusLabel } = found.zone;
    return {
      inArea: check.zone !== null,
      code: check.zone ? "IN_AREA" : "ZONE_NOT_ACTIVE",
      zone: { zoneName, routeSlug, ...(statusLabel != null ? { statusLabel } : {}) },
      city: zoneName,
      distanceKm: found.distanceKm,
      ...(check.zone ? {} : { served: servedNames(zones) }),
    };
  }
  return {
    inArea: false,
    code: "OUT_OF_AREA",
    served: servedNames(zones),
    ...(location.source === "municipality" ? { city: location.label } : {}),
    ...(check.nearest ? { distanceKm: check.nearest.distanceKm } : {}),
  };
}

/** The active zones' names, in alphabetical order (French collation). */
function servedNames(zones: readonly ServiceZone[]): string[] {
  return zones
    .filter((zone) => zone.status === "active")
    .map((zone) => zone.zoneName)
    .sort((a, b) => a.localeCompare(b, "fr-CA"));
}

/**
 * The whole offline decision: text (address, town or postal code) and zones in, a code out.
 * @internal Used by the tests only (`knip --production`).
 */
export function decideServiceArea(text: string, zones: readonly ServiceZone[]): ServiceAreaDecision {
  return decideFromLocation(locate(text), zones);
}
