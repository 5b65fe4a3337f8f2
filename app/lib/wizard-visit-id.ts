/**
 * A fresh id for the wizard's URL, /booking/{id} (docs/product.md, section 2: a new URL for every booking
 * started). Not a booking id: the booking's public id is made by the server when it is placed
 * (`newBookingId`, services/booking/book-slot.server.ts), the one generator of booking ids.
 * `crypto.randomUUID` only exists in secure contexts (HTTPS, localhost), so a page served over
 * plain HTTP on a local network builds the same version-4 UUID by hand.
 */
export function newWizardVisitId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
