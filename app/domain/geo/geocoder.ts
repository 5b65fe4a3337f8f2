/**
 * The one geocoding interface (docs/geodata.md, 'Online geocoders': offline by default, an online
 * geocoder by configuration). An online adapter (Google, Nominatim, OpenCage, Mapbox) lives under
 * server/ and returns the same LocateResult; decideFromLocation then decides as offline.
 */
import { locate, type LocateResult } from "./locate";

export interface Geocoder {
  locate(text: string): Promise<LocateResult>;
}

/** The default: FSA centres and municipality points shipped with the app, no network. */
export const offlineGeocoder: Geocoder = {
  locate: (text) => Promise.resolve(locate(text)),
};
