import { describe, expect, it } from "vitest";
import { WaitlistFormSchema } from "./schemas";

describe("WaitlistFormSchema", () => {
  it("normalizes the e-mail and the postal code", () => {
    expect(
      WaitlistFormSchema.parse({ email: " Marie@Exemple.COM ", postalCode: "j2s-1a1", consent: "on" }),
    ).toEqual({ email: "marie@exemple.com", postalCode: "J2S 1A1", consent: "on" });
  });

  it("refuses without the consent box ticked, in French", () => {
    const result = WaitlistFormSchema.safeParse({ email: "marie@exemple.com", postalCode: "J2S 1A1" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Cochez la case pour que nous puissions vous écrire quand le service arrivera.",
    ]);
  });

  it("refuses a malformed postal code and an invalid e-mail", () => {
    const result = WaitlistFormSchema.safeParse({
      email: "marie",
      postalCode: "Saint-Hyacinthe",
      consent: "on",
    });
    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual([
      "Code postal invalide. Exemple : J2S 1A1.",
      "Veuillez entrer une adresse courriel valide.",
    ]);
  });
});
