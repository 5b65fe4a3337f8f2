import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import * as schema from "#db/schema";
import { landingOnAuth } from "~/domain/auth/redirect-to";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/domain/auth/schemas";
import { isRole, type Role } from "~/lib/roles";
import type { Db } from "./db.server";
import { env } from "./env.server";
import { onePerPageLoad } from "./http/page-load.server";
import { configureJobSecrets } from "./jobs/job-secrets.server";
import { trustedOrigins } from "./security/csrf.server";
import { resolveAuthSecret } from "./security/keys.server";
import {
  ACCOUNT_PATHS,
  authAfterHook,
  authBeforeHook,
  clearSignInFailures,
  CLIENT_IP_HEADER,
  markEmailVerified,
} from "./services/auth/auth-guard.server";
import { settleFirstConfirmation } from "./services/auth/unproven-password.server";
import {
  extendToInvitation,
  isInvitation,
  RESET_PASSWORD_TOKEN_SECONDS,
  revokeResetTokens,
} from "./services/auth/reset-tokens.server";
import { queueAccountEmail, queuePasswordEmail } from "./services/messaging/notify.server";
import { remember } from "./remember.server";

export { CLIENT_IP_HEADER, RESET_PASSWORD_TOKEN_SECONDS };
/** How long the sign-up's confirmation link works. */
export const VERIFY_EMAIL_TOKEN_SECONDS = 24 * 60 * 60;

/** The request with the client's address in CLIENT_IP_HEADER, replacing any value a client sent. */
export function withClientIp(request: Request, ip: string): Request {
  return new Request(request, { headers: headersWithClientIp(request.headers, ip) });
}

/** Headers for an auth.api call made for a client (the forms): its address, for the limits. */
export function headersWithClientIp(from: Headers, ip: string): Headers {
  const headers = new Headers(from);
  headers.set(CLIENT_IP_HEADER, ip || "unknown");
  return headers;
}

const statements = {
  user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "get", "update"],
  session: ["list", "revoke", "delete"],
} as const;
const ac = createAccessControl(statements);
const adminRole = ac.newRole({
  user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "get", "update"],
  session: ["list", "revoke", "delete"],
});
const noAdminRights = ac.newRole({ user: [], session: [] });

export function createAuth(db: Db, options: { secret: string; baseURL: string }) {
  return betterAuth({
    appName: "Lavage Mobile Prestige",
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    // The same origins as the CSRF rule of every other POST (ADR 034).
    trustedOrigins: (request) => trustedOrigins(request?.url, options.baseURL),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // ADR 042: an address is proven before the account opens. Sign-up then answers the same
      // whether or not the address has an account (better-auth's generic duplicate answer), and
      // signs nobody in; the confirmation link does.
      requireEmailVerification: true,
      autoSignIn: false,
      // The answer to an address that has an account reads as a new one's, field for field
      // (ADR 066): better-auth's synthetic user lacks the admin plugin's fields otherwise.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        phone: null,
        role: "client",
        banned: false,
        banReason: null,
        banExpires: null,
        id,
      }),
      onExistingUserSignUp: async ({ user }) => {
        await queueAccountEmail(db, { userId: user.id, kind: "exists" });
      },
      // The links go out through the durable job queue (ADR 013). One live reset link per
      // account: a new one deletes the older ones; using one, or changing the password, deletes
      // them all. An admin's invitation (asInvitation) says "create your password", lives 24 h.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url, token }) => {
        await revokeResetTokens(db, user.id, token);
        const invitation = isInvitation();
        if (invitation) await extendToInvitation(db, token);
        await queuePasswordEmail(db, { userId: user.id, url, invitation });
      },
      onPasswordReset: async ({ user }) => {
        await revokeResetTokens(db, user.id);
        // The owner proved it by the e-mailed link: the slowdown of their sign-ins ends (ADR 066).
        await clearSignInFailures(db, user.email);
        // The link came by e-mail: the address is its owner's (an invited franchisee's first sign-in).
        if (!user.emailVerified) await markEmailVerified(db, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unconfirmed account signing in with its password gets a new link.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await queueAccountEmail(db, { userId: user.id, kind: "verify", url: landingOnAuth(url) });
      },
      // ADR 066: the link proves the mailbox, not who chose the password. Unless it is opened
      // in the browser that signed up, that password is erased and every session ends; /auth
      // then asks its reader to choose one.
      afterEmailVerification: async (user, request) => {
        await settleFirstConfirmation(db, options.secret, user.id, request);
      },
    },
    hooks: {
      before: authBeforeHook(db),
      after: authAfterHook(db),
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: true, fieldName: "firstName" },
        lastName: { type: "string", required: true, fieldName: "lastName" },
        phone: { type: "string", required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // A generic per-address bound on every HTTP endpoint; the account paths (sign-in, sign-up,
    // reset, password checks) follow the app's own policy in the before-hook (ADR 042), which
    // also holds for the forms' auth.api calls.
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      // better-auth's own stricter defaults for these paths give way to the app's policy.
      customRules: Object.fromEntries(ACCOUNT_PATHS.map((path) => [path, false as const])),
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      // The client's address as Express resolved it (TRUST_PROXY aware), set by withClientIp:
      // better-auth's rate limits then count per address instead of one shared bucket.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      admin({
        ac,
        roles: { admin: adminRole, franchisee: noAdminRights, crew: noAdminRights, client: noAdminRights },
        defaultRole: "client",
        adminRoles: ["admin"],
      }),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = remember("auth", (): { __appAuth?: Auth } => ({}));

/** Readies better-auth and the jobs' sealing keys from the application secret (`secret`: resolved once by the caller). */
export async function initAuth(db: Db, secret?: string): Promise<Auth> {
  secret ??= await resolveAuthSecret(db);
  configureJobSecrets(secret);
  holder.__appAuth = createAuth(db, { secret, baseURL: env().PUBLIC_URL });
  return holder.__appAuth;
}

export function getAuth(): Auth {
  if (!holder.__appAuth) throw new Error("Auth is not initialised (bootstrap not run)");
  return holder.__appAuth;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/**
 * The signed-in user. The loaders of one page load (the root's, the layouts', the page's) share
 * one look-up (`onePerPageLoad`); an action looks it up itself.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  return onePerPageLoad(request, "session", () => sessionUserOf(request.headers));
}

/**
 * The name every session cookie holds (plain, or behind `__Secure-` over HTTPS). better-auth finds
 * no session without that cookie: a request without it (an anonymous booking, a visitor's page)
 * skips building better-auth's endpoint context, its hooks and cookie parsing (ADR 054).
 */
const SESSION_COOKIE_NAME = "better-auth.session_token";

/**
 * The user of the session the headers' cookie names, or null. Also used before a request's body
 * is read (the signed-in uploads' check, app/server/security/input-bounds.server.ts, ADR 067).
 */
export async function sessionUserOf(headers: Headers): Promise<SessionUser | null> {
  const auth = getAuth();
  if (!headers.get("cookie")?.includes(SESSION_COOKIE_NAME)) return null;
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { firstName?: string; lastName?: string };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    firstName: u.firstName ?? "",
    lastName: u.lastName ?? "",
    role: isRole(u.role) ? u.role : "client",
  };
}

/** Copies Set-Cookie headers of a better-auth call onto a response's headers. */
export function forwardCookies(from: Headers, to: Headers = new Headers()): Headers {
  for (const cookie of from.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}
