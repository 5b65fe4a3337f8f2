/**
 * The bodies of the service-area checks (docs/http-api.md, 'Service area'): POST
 * /api/validate-location and /api/validate-postal-code. `cities` is accepted for the spec's
 * clients and ignored: the active zones decide.
 */
import { refuseNul, z } from "~/lib/zod-fr";

const cities = z
  .array(refuseNul(z.string()))
  .optional()
  .meta({ description: "Accepted for the spec's clients and ignored: the active zones decide." });

export const LocationCheckSchema = z.object({
  address: refuseNul(z.string().max(500)).meta({
    description: "An address, a town or a postal code, as the visitor typed it.",
    example: "123 rue Principale, Granby",
  }),
  cities,
});

export const PostalCodeCheckSchema = z.object({
  postalCode: refuseNul(z.string().max(100)).meta({ example: "J2G 1A1" }),
  cities,
});
