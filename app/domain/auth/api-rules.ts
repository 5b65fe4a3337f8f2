/**
 * The app's input rules for better-auth's own endpoints under /api/auth/* (ADR 042): the same
 * limits as the forms (names, e-mail, password), plus a bound on every text of any request, so
 * that no account endpoint stores a 50 KB name, HTML in a name, or a NUL byte.
 */
import { messages } from "~/lib/messages.fr";
import { refuseNul, z } from "~/lib/zod-fr";
import { emailSchema, nameSchema, PASSWORD_MAX, PASSWORD_MIN } from "./schemas";
import { sameSitePath } from "./redirect-to";
import { securityMessages } from "~/lib/messages/security.fr";

const v = messages.validation;

/** The longest text any field of the account API takes (a JWT token is about 300 characters). */
export const MAX_AUTH_TEXT = 2_000;

const password = z
  .string({ error: v.passwordRequired })
  .min(1, v.passwordRequired)
  .max(PASSWORD_MAX, v.passwordTooLong);
const newPassword = password.min(PASSWORD_MIN, v.passwordTooShort(PASSWORD_MIN));
const relativePath = refuseNul(
  z
    .string()
    .max(512, v.tooLong(512))
    // The same check as ?redirectTo= (ADR 066): the path as given is already its resolved form.
    .refine((value) => sameSitePath(value) === value, { message: v.invalidValue }),
).optional();
const token = refuseNul(z.string().min(1).max(MAX_AUTH_TEXT, v.tooLong(MAX_AUTH_TEXT)));
/** The whole name better-auth keeps: "first last", as the sign-up form composes it. */
const fullName = refuseNul(
  z.string({ error: v.firstNameRequired }).trim().min(1, v.firstNameRequired).max(161, v.tooLong(161)),
).refine((value) => !/[<>]/.test(value), { message: v.invalidValue });
const personName = nameSchema;

/** Zod rules by better-auth path (without /api/auth); keys not named are bounded by MAX_AUTH_TEXT. */
export const AUTH_API_BODY_RULES: Record<string, z.ZodType> = {
  "/sign-up/email": z.object({
    name: fullName,
    firstName: personName(v.firstNameRequired),
    lastName: personName(v.lastNameRequired),
    email: emailSchema,
    password: newPassword,
    callbackURL: relativePath,
    image: z.null().optional(),
    rememberMe: z.boolean().optional(),
  }),
  "/sign-in/email": z.object({
    email: emailSchema,
    password,
    callbackURL: relativePath,
    rememberMe: z.boolean().optional(),
  }),
  "/request-password-reset": z.object({ email: emailSchema, redirectTo: relativePath }),
  "/send-verification-email": z.object({ email: emailSchema, callbackURL: relativePath }),
  "/reset-password": z.object({ newPassword, token: token.optional() }),
  "/change-password": z.object({
    currentPassword: password,
    newPassword,
    revokeOtherSessions: z.boolean().optional(),
  }),
  "/update-user": z.object({
    name: fullName.optional(),
    firstName: personName(v.firstNameRequired).optional(),
    lastName: personName(v.lastNameRequired).optional(),
    image: z.null().optional(),
  }),
  "/change-email": z.object({ newEmail: emailSchema, callbackURL: relativePath }),
  "/delete-user": z.object({
    password: password.optional(),
    token: token.optional(),
    callbackURL: relativePath,
  }),
};

/** The first text of `value` (any depth) that is too long or holds a NUL, as a French message. */
export function findUnboundedText(value: unknown, depth = 0): string | null {
  if (typeof value === "string") {
    if (value.length > MAX_AUTH_TEXT) return v.tooLong(MAX_AUTH_TEXT);
    if (value.includes("\0")) return v.invalidValue;
    return null;
  }
  if (depth > 8) return securityMessages.authApi.invalidRequest;
  if (Array.isArray(value)) {
    if (value.length > 100) return securityMessages.authApi.invalidRequest;
    for (const item of value) {
      const found = findUnboundedText(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length > 100) return securityMessages.authApi.invalidRequest;
    for (const [key, item] of entries) {
      const found = findUnboundedText(key, depth + 1) ?? findUnboundedText(item, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The refusal of an account API request, or null when its body and query follow the rules: a
 * French message for a 400 (the first problem found).
 */
export function checkAuthApiInput(path: string, body: unknown, query: unknown): string | null {
  const unbounded = findUnboundedText(body) ?? findUnboundedText(query);
  if (unbounded) return unbounded;
  // The links of the e-mails (verify-email, reset-password/{token}) carry it in their query.
  const callback = (query as Record<string, unknown> | undefined)?.callbackURL;
  if (callback !== undefined && sameSitePath(callback) !== callback) return v.invalidValue;
  const rule = AUTH_API_BODY_RULES[path];
  if (!rule || body === undefined || body === null) return null;
  const parsed = rule.safeParse(body);
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message ?? securityMessages.authApi.invalidRequest;
}
