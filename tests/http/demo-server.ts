import { signIn, startServer, type RunningServer } from "./server";

/** The password of the seeded demo accounts (client@, franchisee@, admin@example.com). */
export const DEMO_PASSWORD = "Demo12345!";

/**
 * The production server with the demo accounts, on PGlite or on a fresh PostgreSQL database
 * (dropped by `cleanup`).
 */
export async function startDemoServer(
  database: string,
): Promise<{ server: RunningServer; cleanup: (() => Promise<void>) | undefined }> {
  const env: Record<string, string> = { DEMO_ACCOUNTS: "1" };
  let cleanup: (() => Promise<void>) | undefined;
  if (database === "postgres") {
    const { createPostgresDatabase } = await import("./postgres");
    const created = await createPostgresDatabase();
    env.DATABASE_URL = created.url;
    cleanup = created.drop;
  }
  return { server: await startServer(env), cleanup };
}

/** Sets the cookie of each demo account in `cookies` (and an empty one for "anonymous"). */
export async function signInDemoAccounts(url: string, cookies: Map<string, string>): Promise<void> {
  cookies.set("anonymous", "");
  for (const who of ["client", "franchisee", "admin"] as const) {
    cookies.set(who, await signIn(url, `${who}@example.com`, DEMO_PASSWORD));
  }
}
