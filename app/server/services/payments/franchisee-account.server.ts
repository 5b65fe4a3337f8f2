import { eq } from "drizzle-orm";
import { franchisees } from "#db/schema";
import type { Db } from "../../db.server";

/** The franchisee's own Stripe account state (ADR 075); never its account id to the page. */
export async function franchiseeAccount(db: Db, franchiseeId: string) {
  const [row] = await db
    .select({ state: franchisees.stripeAccountState, hasAccount: franchisees.stripeAccountId })
    .from(franchisees)
    .where(eq(franchisees.id, franchiseeId));
  return { state: row?.state ?? "not_started", hasAccount: Boolean(row?.hasAccount) };
}
