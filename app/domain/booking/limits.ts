/**
 * Longest accepted value of each text field of a booking, in characters. Apart from the schemas
 * (schemas.ts) so that a page that only needs a field's maximum does not load zod (ADR 054).
 */
export const BOOKING_LIMITS = {
  zone: 100,
  name: 100,
  email: 254,
  phone: 30,
  address: 200,
  token: 200,
  reason: 500,
  upsellName: 100,
  upsells: 20,
} as const;
