import { describe, expect, it } from "vitest";
import { BookingRequestSchema, CancelSchema } from "~/domain/booking/schemas";
import { ServiceFormSchema } from "~/domain/admin/schemas";
import { PersonalStepSchema, ReferencesStepSchema } from "~/domain/applications/schemas";
import { ResetPasswordSchema } from "~/domain/auth/password-reset";
import { SignUpSchema } from "~/domain/auth/schemas";
import { RestockOrderSchema, TeamMemberSchema } from "~/domain/franchisee/schemas";
import { ProfileSchema } from "~/domain/loyalty/schemas";
import { messages } from "~/lib/messages.fr";
import { hasNoInvisibleCharacter, type z } from "~/lib/zod-fr";

describe("the schemas' text fields refuse NUL", () => {
  const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
    [
      "booking name",
      BookingRequestSchema,
      {
        zone: "granby",
        cars: 1,
        start: "2030-01-07T10:00:00-05:00",
        name: "Léa",
        email: "lea@example.com",
        phone: "450 555 0199",
        address: "120 rue Principale",
      },
      "name",
    ],
    ["booking cancel reason", CancelSchema, { token: "jeton", reason: "Empêchement" }, "reason"],
    [
      "sign-up first name",
      SignUpSchema,
      { firstName: "A", lastName: "B", email: "a@b.ca", password: "Motdepasse1!" },
      "firstName",
    ],
    [
      "reset token",
      ResetPasswordSchema,
      { token: "jeton", password: "Motdepasse1!", confirm: "Motdepasse1!" },
      "token",
    ],
    [
      "team member phone",
      TeamMemberSchema,
      { firstName: "A", lastName: "B", email: "a@b.ca", phone: "450" },
      "phone",
    ],
    [
      "restock notes",
      RestockOrderSchema,
      { lines: [{ inventoryItemId: crypto.randomUUID(), quantity: 1 }], notes: "Matin" },
      "notes",
    ],
    ["client last name", ProfileSchema, { firstName: "A", lastName: "B" }, "lastName"],
    [
      "service description",
      ServiceFormSchema,
      { name: "Lavage", description: "Beau", price: "10,00", durationMinutes: "30" },
      "description",
    ],
  ];
  for (const [name, schema, valid, field] of cases) {
    it(name, () => {
      expect(schema.safeParse(valid).success).toBe(true);
      const result = schema.safeParse({ ...valid, [field]: `${String(valid[field])}\u0000` });
      expect(result.success).toBe(false);
      expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toMatch(/valide/i);
    });
  }
});

describe("person names refuse control and bidirectional characters (ADR 071)", () => {
  const invisible = messages.validation.invisibleCharacter;
  const booking = {
    zone: "granby",
    cars: 1,
    start: "2030-01-07T10:00:00-05:00",
    name: "Léa",
    email: "lea@example.com",
    phone: "450 555 0199",
    address: "120 rue Principale",
  };
  const application = {
    first_name: "Léa",
    last_name: "Tremblay",
    email: "lea@example.com",
    phone_country_code: "1",
    phone: "(450) 555-0142",
    city: "Granby",
  };
  const signUp = { firstName: "Léa", lastName: "Tremblay", email: "a@b.ca", password: "Motdepasse1!" };
  const references = { has_funds: "true", comfortable_independence: "false" };
  const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
    ["sign-up first name", SignUpSchema, signUp, "firstName"],
    ["sign-up last name", SignUpSchema, signUp, "lastName"],
    ["booking name", BookingRequestSchema, booking, "name"],
    ["application first name", PersonalStepSchema, application, "first_name"],
    ["application last name", PersonalStepSchema, application, "last_name"],
    [
      "application reference name",
      ReferencesStepSchema,
      { ...references, reference_last_name: "Roy" },
      "reference_last_name",
    ],
  ];
  const hostile = [
    "\u202e",
    "\u0001",
    "\u001f",
    "\u007f",
    "\u0085",
    "\u200b",
    "\u200f",
    "\u2066",
    "\u2069",
    "\ufeff",
  ];
  for (const [name, schema, valid, field] of cases) {
    it(name, () => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const char of hostile) {
        const result = schema.safeParse({ ...valid, [field]: `Lé${char}a` });
        expect(result.success, JSON.stringify(char)).toBe(false);
        expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(invisible);
      }
    });
  }

  it("keeps the names of real people: accents, apostrophes, hyphens, spaces, other scripts", () => {
    for (const name of [
      "Léa-Marie O’Neil",
      "Ève d'Amours",
      "Nguyễn Thị",
      "Åsa Øster",
      "李小龍",
      "Zoë  St-Pierre",
    ]) {
      expect(hasNoInvisibleCharacter(name), name).toBe(true);
      expect(SignUpSchema.safeParse({ ...signUp, lastName: name }).success, name).toBe(true);
    }
  });
});
