import { describe, expect, it } from "vitest";
import { ForgotPasswordSchema, ResetPasswordSchema } from "./password-reset";

describe("password reset forms", () => {
  it("normalizes the e-mail and refuses a bad one in French", () => {
    expect(ForgotPasswordSchema.parse({ email: " Lea@Example.com " })).toEqual({ email: "lea@example.com" });
    const result = ForgotPasswordSchema.safeParse({ email: "lea" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/adresse courriel/i);
  });

  it("needs 8 characters and the same password twice", () => {
    expect(
      ResetPasswordSchema.safeParse({ token: "t", password: "Secret123", confirm: "Secret123" }).success,
    ).toBe(true);
    const short = ResetPasswordSchema.safeParse({ token: "t", password: "court", confirm: "court" });
    expect(short.error?.issues.map((i) => i.path.join("."))).toEqual(["password"]);
    const mismatch = ResetPasswordSchema.safeParse({
      token: "t",
      password: "Secret123",
      confirm: "Secret124",
    });
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({
        path: ["confirm"],
        message: "Les deux mots de passe ne sont pas identiques.",
      }),
    ]);
  });
});
