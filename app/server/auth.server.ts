import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import * as schema from "#db/schema";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/domain/auth/schemas";
import { isRole, type Role } from "~/lib/roles";
import type { Db } from "./db.server";
import { env } from "./env.server";
import { configureFlash } from "./flash.server";
import { queuePasswordEmail } from "./services/messaging/notify.server";

/** How long a reset / set-password link works (it serves once). */
export const RESET_PASSWORD_TOKEN_SECONDS = 24 * 60 * 60;
import { trustedOrigins } from "./security/csrf.server";

/** The header carrying the client's address to better-auth; always overwritten, never trusted from outside. */
export const CLIENT_IP_HEADER = "x-lavage-client-ip";

/** The request with the client's address in CLIENT_IP_HEADER, replacing any value a client sent. */
export function withClientIp(request: Request, ip: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
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
      autoSignIn: true,
      // The link goes out through the durable job queue (ADR 013). An admin invites a new
      // franchisee with auth.api.requestPasswordReset({ body: { email, redirectTo:
      // "/auth/reset-password?welcome=1" } }): the e-mail then asks to create a password.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        const callback = new URL(url).searchParams.get("callbackURL") ?? "";
        await queuePasswordEmail(db, { userId: user.id, url, invitation: /[?&]welcome=1\b/.test(callback) });
      },
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
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 5 },
        "/reset-password": { window: 60, max: 10 },
      },
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
        roles: { admin: adminRole, franchisee: noAdminRights, client: noAdminRights },
        defaultRole: "client",
        adminRoles: ["admin"],
      }),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** BETTER_AUTH_SECRET, or one generated once and kept in the database for every instance. */
export async function resolveAuthSecret(db: Db): Promise<string> {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return configured;
  await db
    .insert(schema.appSettings)
    .values({ key: "auth_secret", value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: schema.appSettings.value })
    .from(schema.appSettings)
    .where(eq(schema.appSettings.key, "auth_secret"));
  if (!row) throw new Error("auth secret missing");
  return row.value;
}

const holder = globalThis as typeof globalThis & { __appAuth?: Auth };

export async function initAuth(db: Db): Promise<Auth> {
  const secret = await resolveAuthSecret(db);
  configureFlash(secret);
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

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
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

/** Anonymous or wrong-role visitors of a dashboard go to / (spec section 6), in the loader. */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user || !roles.includes(user.role)) throw redirect("/");
  return user;
}

/** Copies Set-Cookie headers of a better-auth call onto a response's headers. */
export function forwardCookies(from: Headers, to: Headers = new Headers()): Headers {
  for (const cookie of from.getSetCookie()) to.append("Set-Cookie", cookie);
  return to;
}
