import { describe, expect, it } from "vitest";
import {
  ChangePasswordSchema,
  ConsentSchema,
  DeleteAccountSchema,
  ExchangeRewardSchema,
  ProfileSchema,
} from "./schemas";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("customer space schemas", () => {
  it("takes a reward id as a UUID", () => {
    expect(
      ExchangeRewardSchema.safeParse({ reward_id: "c1a5f4de-7c55-4b7e-9f0e-6f6c1b2a3d4e" }).success,
    ).toBe(true);
    expect(issues(ExchangeRewardSchema.safeParse({ reward_id: "1; drop table" }))).toEqual([
      ["reward_id", "Cette récompense n'existe pas ou n'est plus offerte."],
    ]);
  });

  it("normalizes the phone and lets it be removed; names are required", () => {
    expect(
      ProfileSchema.parse({ firstName: " Léa ", lastName: "Gagnon", phone: "(450) 555-0123" }),
    ).toMatchObject({
      firstName: "Léa",
      phone: expect.stringMatching(/450.*555.*0123/),
    });
    expect(ProfileSchema.parse({ firstName: "Léa", lastName: "Gagnon", phone: "" }).phone).toBeNull();
    expect(issues(ProfileSchema.safeParse({ firstName: "", lastName: "", phone: "123" }))).toEqual([
      ["firstName", "Le prénom est requis."],
      ["lastName", "Le nom est requis."],
      ["phone", "Veuillez entrer un numéro de téléphone nord-américain valide, par exemple 450 555-0142."],
    ]);
  });

  it("wants the new password twice and long enough", () => {
    expect(
      issues(
        ChangePasswordSchema.safeParse({
          currentPassword: "x",
          newPassword: "court",
          confirmPassword: "autre",
        }),
      ),
    ).toEqual([
      ["newPassword", "Le mot de passe doit contenir au moins 8 caractères."],
      ["confirmPassword", "Les deux mots de passe ne correspondent pas."],
    ]);
  });

  it("reads unticked consent boxes as no", () => {
    expect(ConsentSchema.parse({ email: "on" })).toEqual({ email: true, sms: false });
    expect(ConsentSchema.parse({})).toEqual({ email: false, sms: false });
  });

  it("deletes only with the password and the typed word, in any case", () => {
    expect(DeleteAccountSchema.safeParse({ password: "x", confirmation: " supprimer " }).success).toBe(true);
    expect(issues(DeleteAccountSchema.safeParse({ password: "", confirmation: "oui" }))).toEqual([
      ["password", "Le mot de passe est requis."],
      ["confirmation", "Tapez SUPPRIMER pour confirmer la suppression."],
    ]);
  });
});
