import { PASSWORD_MIN } from "~/domain/auth/schemas";
import { messages } from "~/lib/messages.fr";
import { GUARD_CODES } from "./services/auth/auth-guard.server";
import { securityMessages } from "~/lib/messages/security.fr";

const m = securityMessages.authApi;
const { auth, validation } = messages;

/** better-auth's error codes (@better-auth/core BASE_ERROR_CODES) and their French message. */
const BY_CODE: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: auth.invalidCredentials,
  INVALID_PASSWORD: auth.invalidCredentials,
  CREDENTIAL_ACCOUNT_NOT_FOUND: auth.invalidCredentials,
  USER_ALREADY_EXISTS: auth.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: auth.emailTaken,
  INVALID_EMAIL: validation.emailInvalid,
  PASSWORD_TOO_SHORT: validation.passwordTooShort(PASSWORD_MIN),
  PASSWORD_TOO_LONG: validation.passwordTooLong,
  INVALID_TOKEN: m.invalidToken,
  TOKEN_EXPIRED: m.invalidToken,
  SESSION_EXPIRED: m.sessionExpired,
  SESSION_NOT_FRESH: m.sessionExpired,
  USER_NOT_FOUND: m.userNotFound,
  EMAIL_NOT_VERIFIED: m.emailNotVerified,
  VALIDATION_ERROR: m.invalidRequest,
  MISSING_FIELD: m.invalidRequest,
  FIELD_NOT_ALLOWED: m.invalidRequest,
  BODY_MUST_BE_AN_OBJECT: m.invalidRequest,
  INVALID_ORIGIN: securityMessages.crossOrigin,
  MISSING_OR_NULL_ORIGIN: securityMessages.crossOrigin,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: securityMessages.crossOrigin,
};

function byStatus(status: number): string {
  if (status === 429) return m.tooManyRequests;
  if (status === 401) return m.unauthorized;
  if (status === 403) return m.forbidden;
  if (status === 404) return m.notFound;
  if (status >= 500) return m.serverError;
  return m.invalidRequest;
}

/**
 * better-auth answers its API's errors in English (`{code, message}`): the same answer, with the
 * message in French. The code stays for programs; an unknown code gets its status's message.
 * Successful answers and bodies that are not JSON are returned untouched.
 */
export async function inFrench(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return response;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return response;
  const record = body as Record<string, unknown>;
  const code = typeof record.code === "string" ? record.code : undefined;
  // The app's own refusals (input rules, limits: ADR 042) are already in French.
  const own = code !== undefined && (GUARD_CODES as readonly string[]).includes(code);
  const message =
    own && typeof record.message === "string"
      ? record.message
      : ((code && BY_CODE[code]) ?? byStatus(response.status));
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...record, message }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
