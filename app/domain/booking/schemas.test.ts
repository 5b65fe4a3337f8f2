import { describe, expect, it } from "vitest";
import {
  BookingRequestSchema,
  CancelSchema,
  normalizeNorthAmericanPhone,
  RescheduleSchema,
  SlotsQuerySchema,
  UpdateAppointmentSchema,
} from "./schemas";

const valid = {
  zone: "Granby",
  cars: 2,
  start: "2026-03-09T09:00:00-04:00",
  name: " Léa Tremblay ",
  email: " Lea@Example.COM ",
  phone: "(450) 555-0142",
  address: "123, rue Principale, Granby",
};

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("normalizeNorthAmericanPhone", () => {
  it.each([
    ["450 555-0142", "+14505550142"],
    ["(450) 555.0142", "+14505550142"],
    ["+1 450 555 0142", "+14505550142"],
    ["1-819-555-0120", "+18195550120"],
  ])("%s -> %s", (typed, e164) => {
    expect(normalizeNorthAmericanPhone(typed)).toBe(e164);
  });

  it.each(["555-0142", "050 555-0142", "450 155-0142", "+33 1 23 45 67 89", "450 555-0142 poste 3", "abc"])(
    "refuses %s",
    (typed) => {
      expect(normalizeNorthAmericanPhone(typed)).toBeNull();
    },
  );
});

describe("BookingRequestSchema", () => {
  it("normalises a valid request and never presumes SMS consent", () => {
    expect(BookingRequestSchema.parse(valid)).toEqual({
      zone: "granby",
      cars: 2,
      start: "2026-03-09T09:00:00-04:00",
      name: "Léa Tremblay",
      email: "lea@example.com",
      phone: "+14505550142",
      address: "123, rue Principale, Granby",
    });
  });

  it("reads form values: car count as text, a checkbox, a blank postal code, one upsell", () => {
    expect(
      BookingRequestSchema.parse({
        ...valid,
        cars: "3",
        smsConsent: "on",
        postalCode: "",
        upsells: "aquapel",
      }),
    ).toMatchObject({ cars: 3, smsConsent: true, postalCode: undefined, upsells: ["aquapel"] });
    expect(BookingRequestSchema.parse({ ...valid, postalCode: "j2g-2t5", smsConsent: false })).toMatchObject({
      postalCode: "J2G 2T5",
      smsConsent: false,
    });
  });

  it("gives a French message for each missing field", () => {
    expect(messagesOf(BookingRequestSchema.safeParse({}))).toEqual({
      zone: "Veuillez choisir une zone de service.",
      cars: "Le nombre de véhicules doit être de 1 à 3.",
      start: "Veuillez choisir un créneau.",
      name: "Le nom est requis.",
      email: "L'adresse courriel est requise.",
      phone: "Le numéro de téléphone est requis.",
      address: "L'adresse du service est requise.",
    });
  });

  it("refuses bad values in French", () => {
    const result = BookingRequestSchema.safeParse({
      ...valid,
      cars: 4,
      start: "2026-03-09 09:00",
      email: "pas-un-courriel",
      phone: "555-0142",
      postalCode: "12345",
      serviceId: "abc",
    });
    expect(messagesOf(result)).toEqual({
      cars: "Le nombre de véhicules doit être de 1 à 3.",
      start:
        "Le créneau doit être une date et une heure ISO 8601 avec fuseau, par exemple 2026-03-09T09:00:00-04:00.",
      email: "Veuillez entrer une adresse courriel valide.",
      phone: "Veuillez entrer un numéro de téléphone nord-américain valide, par exemple 450 555-0142.",
      postalCode: "Code postal invalide. Exemple : J2G 1A1.",
      serviceId: "Valeur invalide.",
    });
  });

  it("needs the offset in the start: a local time alone is ambiguous", () => {
    expect(BookingRequestSchema.safeParse({ ...valid, start: "2026-03-09T09:00:00" }).success).toBe(false);
    expect(BookingRequestSchema.safeParse({ ...valid, start: "2026-03-09T13:00:00Z" }).success).toBe(true);
    expect(BookingRequestSchema.safeParse({ ...valid, start: "2026-02-30T09:00:00-05:00" }).success).toBe(
      false,
    );
  });
});

describe("SlotsQuerySchema", () => {
  it("reads the query string, with one car by default", () => {
    expect(SlotsQuerySchema.parse({ zone: "granby", cars: "2", from: "2026-03-09", days: "7" })).toEqual({
      zone: "granby",
      cars: 2,
      from: "2026-03-09",
      days: 7,
    });
    expect(SlotsQuerySchema.parse({ zone: "granby", from: "" })).toEqual({ zone: "granby", cars: 1 });
  });

  it("refuses a bad day or range in French", () => {
    expect(
      messagesOf(SlotsQuerySchema.safeParse({ zone: "granby", from: "2026-13-01", days: "400" })),
    ).toEqual({
      from: "La date doit être au format AAAA-MM-JJ, par exemple 2026-03-09.",
      days: "Le nombre de jours doit être de 1 à 366.",
    });
  });
});

describe("manage-link schemas", () => {
  it("require the token, and the new start for a reschedule", () => {
    expect(messagesOf(CancelSchema.safeParse({}))).toEqual({ token: "Le lien de gestion est incomplet." });
    expect(CancelSchema.parse({ token: "abc", reason: " " })).toEqual({ token: "abc", reason: undefined });
    expect(messagesOf(RescheduleSchema.safeParse({ token: "abc" }))).toEqual({
      start: "Veuillez choisir un créneau.",
    });
  });

  it("update-appointment takes the spec's fields", () => {
    expect(
      UpdateAppointmentSchema.parse({
        booking_id: "ab12cd34ef",
        upsells: ["Traitement Aquapel"],
        city: "Granby",
      }),
    ).toEqual({ booking_id: "ab12cd34ef", upsells: ["Traitement Aquapel"], city: "Granby" });
    expect(messagesOf(UpdateAppointmentSchema.safeParse({ booking_id: "x", upsells: [1] }))).toEqual({
      "upsells.0": "La liste des options est invalide.",
    });
  });
});
