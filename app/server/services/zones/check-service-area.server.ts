import { parsePostalCode } from "~/domain/geo/postal-code";
import { offlineGeocoder, type Geocoder } from "~/domain/geo/geocoder";
import { decideFromLocation, type ServiceAreaDecision } from "~/domain/geo/service-area";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import type { Db } from "../../db.server";
import { listZones } from "./list-zones.server";

const t = serviceAreaMessages;

/**
 * Is this address, town or postal code served? The zones come from the database
 * (docs/product-decisions.md, 'Zones and regions'): only an active zone accepts, a zone of another
 * status answers ZONE_NOT_ACTIVE. No list of cities from the client is taken: it cannot widen the
 * service area.
 */
export async function checkServiceArea(
  db: Db,
  { text, geocoder = offlineGeocoder, now = new Date() }: { text: string; geocoder?: Geocoder; now?: Date },
): Promise<ServiceAreaDecision> {
  if (!text.trim()) return { inArea: false, code: "EMPTY" };
  const [location, zones] = await Promise.all([geocoder.locate(text), listZones(db, { now })]);
  return decideFromLocation(location, zones);
}

/**
 * The answer of POST /api/validate-location (docs/http-api.md, 'Service area'): {success, data,
 * message, city}.
 */
export interface LocationAnswer {
  success: boolean;
  data: boolean;
  message: string;
  city: string | null;
  /** Present (true) when the place is in Quebec but not served yet: the waiting list is offered (ADR 046). */
  canJoinWaitlist?: true;
}

/** Not served yet, somewhere we could serve: outside every zone, or in a zone not active yet. */
function joinable(decision: ServiceAreaDecision): boolean {
  return decision.code === "OUT_OF_AREA" || decision.code === "ZONE_NOT_ACTIVE";
}

/** The French answer for a decision: the message of its code, and the zone or town named. */
export function locationAnswer(decision: ServiceAreaDecision): LocationAnswer {
  return {
    success: decision.code !== "EMPTY",
    data: decision.inArea,
    message: decisionMessage(decision),
    city: decision.city ?? null,
    ...(joinable(decision) ? { canJoinWaitlist: true as const } : {}),
  };
}

function decisionMessage(decision: ServiceAreaDecision): string {
  const { code, zone, city } = decision;
  switch (code) {
    case "IN_AREA":
      return t.IN_AREA(zone?.zoneName ?? city ?? "");
    case "ZONE_NOT_ACTIVE":
      return withServed(t.ZONE_NOT_ACTIVE(zone?.zoneName ?? city ?? "", zone?.statusLabel), decision);
    case "OUT_OF_AREA":
    case "OUTSIDE_QUEBEC":
      return withServed(t[code], decision);
    default:
      return t[code];
  }
}

/** A "not served" answer names the zones served, and the waiting list where it can help. */
function withServed(message: string, decision: ServiceAreaDecision): string {
  const served = t.served(decision.served ?? []);
  return [message, served, joinable(decision) ? t.waitlistHint : ""].filter(Boolean).join(" ");
}

/** The answer of POST /api/validate-postal-code and of the /address-validation form. */
export interface PostalCodeAnswer {
  success: boolean;
  /** The code is well formed and served by an active zone. */
  data: boolean;
  message: string;
  /** Present (true) when the code is in Quebec but not served yet (ADR 046). */
  canJoinWaitlist?: true;
}

/**
 * Validates a postal code: empty gives the 'enter a postal code' message (success false), a
 * malformed one the syntax message, a well-formed one the service-area answer for it.
 */
export async function validatePostalCode(
  db: Db,
  { postalCode, geocoder }: { postalCode: string; geocoder?: Geocoder },
): Promise<PostalCodeAnswer> {
  if (!postalCode.trim()) return { success: false, data: false, message: t.postal.empty };
  const code = parsePostalCode(postalCode);
  if (!code) return { success: true, data: false, message: t.postal.invalid };
  const decision = await checkServiceArea(db, { text: code, ...(geocoder ? { geocoder } : {}) });
  const message = locationAnswer(decision).message;
  return decision.inArea
    ? { success: true, data: true, message: `${t.postal.valid(code)} ${message}` }
    : {
        success: true,
        data: false,
        message,
        ...(joinable(decision) ? { canJoinWaitlist: true as const } : {}),
      };
}
