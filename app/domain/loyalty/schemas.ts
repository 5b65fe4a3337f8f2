/**
 * The inputs of the customer space (/client and POST /api/rewards/exchange), shared by the forms
 * and the server. Every message is French, from the catalogue.
 */
import { normalizeNorthAmericanPhone } from "~/domain/booking/schemas";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/domain/auth/schemas";
import { messages } from "~/lib/messages.fr";
import { refuseNul, z } from "~/lib/zod-fr";
import { clientMessages } from "~/lib/messages/client.fr";

const v = messages.validation;
const c = clientMessages;

/** POST /api/rewards/exchange {reward_id} (docs/http-api.md). */
export const ExchangeRewardSchema = z.object({
  reward_id: z.uuid({ error: c.rewards.unknownReward }),
});

const name = (required: string) =>
  refuseNul(z.string({ error: required }).trim().min(1, required).max(80, v.tooLong(80)));

/** Edit name and phone; an empty phone removes it. */
export const ProfileSchema = z.object({
  firstName: name(v.firstNameRequired),
  lastName: name(v.lastNameRequired),
  phone: z
    .string()
    .trim()
    .max(30, { error: v.tooLong(30), abort: true })
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const normalized = normalizeNorthAmericanPhone(value);
      if (normalized === null) {
        ctx.addIssue({ code: "custom", message: c.account.phoneInvalid });
        return z.NEVER;
      }
      return normalized;
    }),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: v.passwordRequired })
      .min(1, v.passwordRequired)
      .max(PASSWORD_MAX, v.passwordTooLong),
    newPassword: z
      .string({ error: v.passwordRequired })
      .min(PASSWORD_MIN, v.passwordTooShort(PASSWORD_MIN))
      .max(PASSWORD_MAX, v.passwordTooLong),
    confirmPassword: z
      .string({ error: c.account.confirmPasswordRequired })
      .min(1, c.account.confirmPasswordRequired),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: c.account.passwordsDiffer,
  });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** Promotions by e-mail and by SMS: a ticked box is express consent, an unticked one withdraws it. */
export const ConsentSchema = z.object({
  email: z.literal("on").optional().transform(Boolean),
  sms: z.literal("on").optional().transform(Boolean),
});
export type ConsentChoice = z.infer<typeof ConsentSchema>;

/** The word to type to confirm the deletion of the account, with the password. */
export const DELETE_CONFIRMATION_WORD = "SUPPRIMER";

export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: v.passwordRequired })
    .min(1, v.passwordRequired)
    .max(PASSWORD_MAX, v.passwordTooLong),
  confirmation: z
    .string({ error: c.account.deleteConfirmationRequired })
    .trim()
    .refine((value) => value.toUpperCase() === DELETE_CONFIRMATION_WORD, {
      message: c.account.deleteConfirmationRequired,
    }),
});
