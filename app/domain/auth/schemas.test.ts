import { describe, expect, it } from "vitest";
import { SignInSchema, SignUpSchema } from "./schemas";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe("SignInSchema", () => {
  it("requires an e-mail and a password, in French", () => {
    const result = SignInSchema.safeParse({ email: " ", password: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "L'adresse courriel est requise.",
      "Le mot de passe est requis.",
    ]);
  });

  it("normalises the e-mail", () => {
    expect(SignInSchema.parse({ email: "  Client@Example.COM ", password: "x" }).email).toBe(
      "client@example.com",
    );
  });

  it("refuses a malformed e-mail", () => {
    expect(firstMessage(SignInSchema.safeParse({ email: "pas-un-courriel", password: "x" }))).toBe(
      "Veuillez entrer une adresse courriel valide.",
    );
  });
});

describe("SignUpSchema", () => {
  it("requires first name, last name, e-mail and password", () => {
    const result = SignUpSchema.safeParse({});
    expect(result.error?.issues.map((i) => i.path[0])).toEqual([
      "firstName",
      "lastName",
      "email",
      "password",
    ]);
  });

  it("asks for 8 characters at least", () => {
    const result = SignUpSchema.safeParse({
      firstName: "A",
      lastName: "B",
      email: "a@b.ca",
      password: "court",
    });
    expect(firstMessage(result)).toBe("Le mot de passe doit contenir au moins 8 caractères.");
  });

  it("trims names", () => {
    const parsed = SignUpSchema.parse({
      firstName: " Léa ",
      lastName: " Côté ",
      email: "a@b.ca",
      password: "12345678",
    });
    expect(parsed).toMatchObject({ firstName: "Léa", lastName: "Côté" });
  });
});
