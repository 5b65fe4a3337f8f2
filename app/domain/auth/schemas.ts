import { messages } from "~/lib/messages.fr";
import { refuseInvisible, refuseNul, z } from "~/lib/zod-fr";

const v = messages.validation;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** An e-mail address as every form takes it: trimmed, at most 254 characters, lower-cased. */
export const emailSchema = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, v.emailRequired)
  .max(254, v.tooLong(254))
  .pipe(z.email(v.emailInvalid))
  .transform((value) => value.toLowerCase());

const email = emailSchema;

export const SignInSchema = z.object({
  email,
  password: z
    .string({ error: v.passwordRequired })
    .min(1, v.passwordRequired)
    .max(PASSWORD_MAX, v.passwordTooLong),
});
export type SignIn = z.infer<typeof SignInSchema>;

/** A first or last name: 1-80 characters, no NUL, control or bidi character, no HTML brackets. */
export const nameSchema = (required: string) =>
  refuseInvisible(
    refuseNul(z.string({ error: required }).trim().min(1, required).max(80, v.tooLong(80))),
  ).refine((value) => !/[<>]/.test(value), { message: v.invalidValue });

export const SignUpSchema = z.object({
  firstName: nameSchema(v.firstNameRequired),
  lastName: nameSchema(v.lastNameRequired),
  email,
  password: z
    .string({ error: v.passwordRequired })
    .min(1, v.passwordRequired)
    .min(PASSWORD_MIN, v.passwordTooShort(PASSWORD_MIN))
    .max(PASSWORD_MAX, v.passwordTooLong),
});
export type SignUp = z.infer<typeof SignUpSchema>;

export const TestLoginSchema = z.object({ role: z.enum(["admin", "franchisee", "crew", "client"]) });
