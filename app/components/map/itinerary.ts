/**
 * Links that open a day's route in the phone's map app with every stop (ADR 103): Google Maps'
 * directions URL (`api=1`, documented at developers.google.com/maps/documentation/urls) and
 * Apple Plans' (`saddr`, `daddr` with `+to:` between the stops). Each place is the address when
 * there is one (the app finds the door; our own points are only as precise as the postal code
 * area), else its latitude and longitude.
 */

export interface ItineraryPlace {
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** A stop of a day's route for a map app: its address with its town when missing, and its point. */
export function itineraryStop(stop: {
  address: string;
  city: string | null;
  point: { lat: number; lon: number } | null;
}): ItineraryPlace {
  return {
    address: stop.city && !stop.address.includes(stop.city) ? `${stop.address}, ${stop.city}` : stop.address,
    latitude: stop.point?.lat,
    longitude: stop.point?.lon,
  };
}

/** The text of a place for a map app, or null when it has neither address nor point. */
function placeText(place: ItineraryPlace): string | null {
  const address = place.address?.trim();
  if (address) return address;
  if (place.latitude == null || place.longitude == null) return null;
  return `${place.latitude},${place.longitude}`;
}

export interface ItineraryLinks {
  google: string;
  apple: string;
}

/**
 * From `start` (the base; when unknown the app starts from where the phone is) through every
 * stop in order to the last; null when no stop can be placed. Google Maps takes at most 9
 * waypoints (its documentation): its link keeps the first 9 between start and end, Apple
 * Plans' keeps them all.
 */
export function itineraryLinks(
  start: ItineraryPlace | null,
  stops: readonly ItineraryPlace[],
): ItineraryLinks | null {
  const places = stops.map(placeText).filter((text): text is string => text !== null);
  const destination = places.pop();
  if (destination === undefined) return null;
  const origin = start ? placeText(start) : null;
  const google = new URL("https://www.google.com/maps/dir/");
  google.searchParams.set("api", "1");
  if (origin) google.searchParams.set("origin", origin);
  google.searchParams.set("destination", destination);
  if (places.length > 0) google.searchParams.set("waypoints", places.slice(0, 9).join("|"));
  google.searchParams.set("travelmode", "driving");
  const apple = [
    ...(origin ? [`saddr=${encodeURIComponent(origin)}`] : []),
    `daddr=${[...places, destination].map(encodeURIComponent).join("+to:")}`,
    "dirflg=d",
  ];
  return { google: google.toString(), apple: `https://maps.apple.com/?${apple.join("&")}` };
}
