import { ensureDemoAccount } from "~/server/seed/seed";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/server/seed/seed-data";
import { AppError } from "~/lib/errors";
import type { Role } from "~/lib/roles";
import type { Db } from "../../db.server";
import { env } from "../../env.server";

/**
 * Makes sure the demo account of a role exists (development or DEMO_ACCOUNTS=1 only; otherwise
 * the function does not exist: NOT_FOUND). Returns the credentials the test login uses.
 */
export async function setupTestUsers(
  db: Db,
  { role }: { role: Role },
): Promise<{ email: string; password: string }> {
  if (!env().demoAccounts) throw new AppError("NOT_FOUND");
  await ensureDemoAccount(db, role);
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return { email: account.email, password: DEMO_PASSWORD };
}
