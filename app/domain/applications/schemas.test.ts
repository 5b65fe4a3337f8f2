import { describe, expect, it } from "vitest";
import {
  ApplicationSchema,
  applicationAnswers,
  canonicalJson,
  firstStepWithError,
  formatApplicationPhone,
  normalizeApplicationPhone,
  PersonalStepSchema,
  ProfessionalStepSchema,
  ReferencesStepSchema,
  SubmissionStepSchema,
} from "./schemas";

const personal = {
  first_name: " Léa ",
  last_name: "Tremblay",
  email: "lea@example.com",
  phone_country_code: "1",
  phone: "(450) 555-0142",
  city: "Granby",
};
const professional = {
  service_radius: "20-40km",
  has_drivers_license: "true",
  vehicle_info: "Ford Transit 2021",
  availability_hours: "Lundi au vendredi, 8 h à 17 h",
};
const references = { has_funds: "true", comfortable_independence: "false" };
const submission = { background_check_consent: "on" };
const all = { ...personal, ...professional, ...references, ...submission };

function errorsOf(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("step 1, Personnel", () => {
  it("needs first and last name, e-mail, phone and city, in French", () => {
    expect(errorsOf(PersonalStepSchema, {})).toEqual({
      first_name: "Le prénom est requis.",
      last_name: "Le nom est requis.",
      email: "L'adresse courriel est requise.",
      phone: "Le numéro de téléphone est requis.",
      city: "La ville est requise.",
    });
  });

  it("defaults the country code to 1 and keeps the phone's ten digits", () => {
    const { phone_country_code: _code, ...rest } = personal;
    expect(PersonalStepSchema.parse(rest)).toMatchObject({
      first_name: "Léa",
      phone_country_code: "1",
      phone: "4505550142",
    });
  });

  it("checks the phone against its country code", () => {
    expect(errorsOf(PersonalStepSchema, { ...personal, phone: "555-0142" })).toEqual({
      phone: "Veuillez entrer un numéro de téléphone valide.",
    });
    expect(
      PersonalStepSchema.parse({ ...personal, phone_country_code: "33", phone: "06 12 34 56 78" }),
    ).toMatchObject({
      phone: "612345678",
    });
    expect(errorsOf(PersonalStepSchema, { ...personal, phone_country_code: "0" })).toEqual({
      phone_country_code: "Choisissez un indicatif de pays valide.",
    });
    expect(errorsOf(PersonalStepSchema, { ...personal, email: "lea@" })).toEqual({
      email: "Veuillez entrer une adresse courriel valide.",
    });
  });
});

describe("step 2, Professionnel", () => {
  it("needs the radius, the license answer, the vehicle and the availability", () => {
    expect(errorsOf(ProfessionalStepSchema, {})).toEqual({
      service_radius: "Choisissez un rayon de service.",
      has_drivers_license: "Indiquez si vous avez un permis de conduire valide.",
      vehicle_info: "Décrivez le véhicule que vous utiliseriez.",
      availability_hours: "Indiquez vos disponibilités.",
    });
  });

  it("reads 'Oui' (true) as having a license, and 'Non' (false) as not", () => {
    expect(ProfessionalStepSchema.parse(professional).has_drivers_license).toBe(true);
    expect(
      ProfessionalStepSchema.parse({ ...professional, has_drivers_license: "false" }).has_drivers_license,
    ).toBe(false);
    expect(
      ProfessionalStepSchema.parse({ ...professional, has_drivers_license: false }).has_drivers_license,
    ).toBe(false);
  });

  it("offers exactly the three radius choices", () => {
    expect(errorsOf(ProfessionalStepSchema, { ...professional, service_radius: "60km" })).toEqual({
      service_radius: "Choisissez un rayon de service.",
    });
  });
});

describe("step 3, Références", () => {
  it("needs nothing: the reference is optional and the answers default to yes", () => {
    expect(ReferencesStepSchema.parse({ reference_first_name: " ", reference_phone: "" })).toEqual({
      reference_first_name: undefined,
      reference_last_name: undefined,
      reference_phone: undefined,
      has_funds: true,
      available_funds: undefined,
      comfortable_independence: true,
    });
  });

  it("checks a reference phone when one is given", () => {
    expect(errorsOf(ReferencesStepSchema, { reference_phone: "abc" })).toEqual({
      reference_phone: "Veuillez entrer un numéro de téléphone valide.",
    });
    expect(ReferencesStepSchema.parse({ reference_phone: "819 555-0100" }).reference_phone).toBe(
      "8195550100",
    );
  });
});

describe("step 4, Soumission", () => {
  it("requires the background-check consent", () => {
    expect(errorsOf(SubmissionStepSchema, {})).toEqual({
      background_check_consent:
        "Vous devez accepter la vérification des antécédents pour soumettre votre candidature.",
    });
    expect(SubmissionStepSchema.parse({ background_check_consent: true })).toEqual({
      background_check_consent: true,
    });
  });
});

describe("the whole application", () => {
  it("reports every step's errors at once, and the first step to open", () => {
    const errors = errorsOf(ApplicationSchema, { ...all, city: "", vehicle_info: "" });
    expect(Object.keys(errors).sort()).toEqual(["city", "vehicle_info"]);
    expect(firstStepWithError(Object.keys(errors))).toBe(0);
    expect(firstStepWithError(["background_check_consent"])).toBe(3);
    expect(firstStepWithError([])).toBeNull();
  });

  it("gives the same canonical JSON whatever the key order", () => {
    const answers = applicationAnswers(ApplicationSchema.parse(all));
    expect(answers).toMatchObject({
      has_drivers_license: true,
      reference_phone: null,
      comfortable_independence: false,
    });
    const reversed = Object.fromEntries(Object.entries(answers).reverse());
    expect(canonicalJson(reversed)).toBe(canonicalJson(answers));
    expect(canonicalJson({ b: [1, { d: null, c: "é" }], a: true })).toBe(
      '{"a":true,"b":[1,{"c":"é","d":null}]}',
    );
  });
});

describe("phones", () => {
  it("normalizes and formats", () => {
    expect(normalizeApplicationPhone("1", "+1 450 555 0142")).toBe("4505550142");
    expect(normalizeApplicationPhone("1", "123")).toBeNull();
    expect(formatApplicationPhone("1", "4505550142")).toBe("+1 450 555-0142");
    expect(formatApplicationPhone("33", "612345678")).toBe("+33 612345678");
  });
});
