import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS, ContactMessageSchema, hasMissingRequiredField } from "./schemas";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

/** The form as the browser and /api/contact parse it: empty fields are absent. */
function parse(values: Record<string, string>) {
  return parseWithZod(form(values), { schema: ContactMessageSchema });
}

/** The French errors of each field, or null when the form is valid. */
function errorsOf(values: Record<string, string>) {
  const submission = parse(values);
  return submission.status === "success" ? null : submission.error;
}

const valid = {
  name: "Léa Tremblay",
  email: "lea@example.com",
  phone: "450 555-0199",
  message: "Bonjour, faites-vous les camionnettes ?",
};

describe("ContactMessageSchema", () => {
  it("accepts a full message and trims every field", () => {
    const submission = parse({
      name: "  Léa Tremblay ",
      email: " lea@example.com ",
      phone: " 450 555-0199 ",
      message: "\n Bonjour ! \n",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Léa Tremblay",
      email: "lea@example.com",
      phone: "450 555-0199",
      message: "Bonjour !",
    });
  });

  it("makes the phone optional", () => {
    const submission = parse({ ...valid, phone: "" });
    expect(submission.status === "success" && submission.value).toEqual({ ...valid, phone: undefined });
  });

  it("names each missing required field in French", () => {
    expect(errorsOf({ name: "", email: "  ", message: "   " })).toEqual({
      name: ["Le nom est requis."],
      email: ["L'adresse courriel est requise."],
      message: ["Le message est requis."],
    });
  });

  it("refuses an invalid e-mail address", () => {
    expect(errorsOf({ ...valid, email: "lea@" })).toEqual({
      email: ["Veuillez entrer une adresse courriel valide."],
    });
  });

  it.each(["450-555-0199", "+1 (450) 555-0199", "450.555.0199 poste 12", "4505550199 ext. 3", "555-0199"])(
    "accepts the phone number %s",
    (phone) => {
      expect(parse({ ...valid, phone }).status).toBe("success");
    },
  );

  it.each(["appelez-moi", "12345", "450-555-0199-12345678", "450 555 0199 #2"])(
    "refuses the phone number %s",
    (phone) => {
      expect(errorsOf({ ...valid, phone })).toEqual({
        phone: ["Veuillez entrer un numéro de téléphone valide."],
      });
    },
  );

  it("limits the length of each field, with a French message", () => {
    const errors = errorsOf({
      name: "a".repeat(CONTACT_LIMITS.name + 1),
      email: `${"a".repeat(CONTACT_LIMITS.email)}@example.com`,
      phone: "1".repeat(CONTACT_LIMITS.phone + 1),
      message: "a".repeat(CONTACT_LIMITS.message + 1),
    });
    expect(errors).toEqual({
      name: ["Ce champ ne peut pas dépasser 100 caractères."],
      email: ["Ce champ ne peut pas dépasser 254 caractères."],
      phone: ["Ce champ ne peut pas dépasser 30 caractères."],
      message: ["Ce champ ne peut pas dépasser 5000 caractères."],
    });
    expect(parse({ ...valid, name: "a".repeat(CONTACT_LIMITS.name) }).status).toBe("success");
    expect(parse({ ...valid, message: "a".repeat(CONTACT_LIMITS.message) }).status).toBe("success");
  });

  it("keeps unknown fields out of the value", () => {
    const submission = parse({ ...valid, website: "", role: "admin" });
    expect(submission.status === "success" && Object.keys(submission.value)).toEqual([
      "name",
      "email",
      "phone",
      "message",
    ]);
  });
});

describe("hasMissingRequiredField", () => {
  it("is true when name, email or message is absent or blank", () => {
    expect(hasMissingRequiredField(valid)).toBe(false);
    expect(hasMissingRequiredField({ ...valid, phone: "" })).toBe(false);
    expect(hasMissingRequiredField({ ...valid, name: " " })).toBe(true);
    expect(hasMissingRequiredField({ email: valid.email, message: valid.message })).toBe(true);
    expect(hasMissingRequiredField({ ...valid, message: 42 })).toBe(true);
  });
});
