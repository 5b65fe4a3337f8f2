import { seed } from "~/server/seed/seed";
import { getAuth, initAuth } from "~/server/auth.server";
import { setDatabase, type Database } from "~/server/db.server";
import { configureFlash } from "~/server/flash.server";
import { resolveAuthSecret } from "~/server/security/keys.server";
import { createTestDatabase, type DatabaseKind } from "./db";

// Route loaders and actions called in the test's process (issue 30 item 6, ADR 111): the route
// module's own `loader` and `action` with a Request, as React Router calls them, on a fresh
// database; no server, no browser. The process-wide database and auth are this file's.

const DEMO_PASSWORD = "Demo12345!";
const ORIGIN = "http://localhost:3000";

/** A fresh database with the demo accounts, made the process's, auth ready on it. */
export async function routeDatabase(kind: DatabaseKind): Promise<Database> {
  const database = await createTestDatabase(kind);
  await seed(database.db, { demoAccounts: true });
  const secret = await resolveAuthSecret(database.db);
  await initAuth(database.db, secret);
  configureFlash(secret);
  setDatabase(database);
  return database;
}

/** The Cookie header of a session signed in through better-auth's own API. */
export async function sessionCookie(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await getAuth().api.signInEmail({
    body: { email, password },
    headers: new Headers({ origin: ORIGIN }),
    asResponse: true,
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A loader's or action's arguments for `path` (a form posted when `form` is given). */
export function routeArgs(
  path: string,
  { cookie, form }: { cookie?: string; form?: Record<string, string> } = {},
) {
  const url = new URL(path, ORIGIN);
  const headers = new Headers({ origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  const request = form
    ? new Request(url, { method: "POST", headers, body: new URLSearchParams(form) })
    : new Request(url, { headers });
  return { request, url, params: {}, context: {} };
}

/** The Response a loader or action threw: a redirect, or React Router's `data()` error. */
export async function thrown(
  work: Promise<unknown>,
): Promise<{ status: number; location: string | null; data: unknown }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, location: error.headers.get("location"), data: null };
    if (isData(error)) return { status: error.init?.status ?? 200, location: null, data: error.data };
    throw error;
  }
  throw new Error("nothing was thrown");
}

/** The status and data of what an action returned with React Router's `data()`. */
export function answered<T>(result: unknown): { status: number; data: T } {
  if (!isData(result)) throw new Error("not an answer of data()");
  return { status: result.init?.status ?? 200, data: result.data as T };
}

function isData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}
