import { signaturePng } from "../factories/signature-png";

/** A complete, valid franchise application (everything but the e-mail and the signature). */
export const APPLICATION_ANSWERS = {
  first_name: "Léa",
  last_name: "Tremblay",
  phone_country_code: "1",
  phone: "450 555-0142",
  city: "Granby",
  service_radius: "less_20km",
  has_drivers_license: "true",
  vehicle_info: "Ford Transit 2021",
  availability_hours: "Lundi au vendredi",
  has_funds: "true",
  comfortable_independence: "true",
  background_check_consent: "on",
};

/** A drawn signature as the form sends it. */
export function signatureBlob(png: Uint8Array = signaturePng()): Blob {
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

/**
 * The multipart body of POST /api/franchise-applications: the answers with `email` (and `extra`
 * over them), and the signature unless it is null.
 */
export function applicationForm(
  email: string,
  signature: Blob | null = signatureBlob(),
  extra: Record<string, string> = {},
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...APPLICATION_ANSWERS, email, ...extra }))
    body.set(name, value);
  if (signature) body.set("signature", signature, "signature.png");
  return body;
}
