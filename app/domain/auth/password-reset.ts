/** The forms of the password reset / set-password pages (shared by server and browser). */
import { messages } from "~/lib/messages.fr";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { refuseNul, z } from "~/lib/zod-fr";
import { PASSWORD_MAX, PASSWORD_MIN } from "./schemas";

const v = messages.validation;

export const ForgotPasswordSchema = z.object({
  email: z
    .string({ error: v.emailRequired })
    .trim()
    .min(1, v.emailRequired)
    .max(254, v.tooLong(254))
    .pipe(z.email(v.emailInvalid))
    .transform((value) => value.toLowerCase()),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

const newPassword = {
  password: z
    .string({ error: v.passwordRequired })
    .min(1, v.passwordRequired)
    .min(PASSWORD_MIN, v.passwordTooShort(PASSWORD_MIN))
    .max(PASSWORD_MAX, v.passwordTooLong),
  confirm: z.string({ error: v.passwordRequired }).min(1, v.passwordRequired),
};
const samePassword: [
  (value: { password: string; confirm: string }) => boolean,
  { path: string[]; message: string },
] = [
  (value) => value.password === value.confirm,
  { path: ["confirm"], message: messagingMessages.resetPassword.mismatch },
];

export const ResetPasswordSchema = z
  .object({
    token: refuseNul(
      z.string({ error: messagingMessages.resetPassword.invalidToken }).min(1).max(200),
      messagingMessages.resetPassword.invalidToken,
    ),
    ...newPassword,
  })
  .refine(...samePassword);

/** /auth/choose-password: the password of an account confirmed away from its sign-up (ADR 066). */
export const ChoosePasswordSchema = z.object(newPassword).refine(...samePassword);
