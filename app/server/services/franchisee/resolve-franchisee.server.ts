import { eq } from "drizzle-orm";
import { franchisees } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";

export interface FranchiseeActor {
  /** franchisees.id: every query of the franchisee tools is limited to it. */
  id: string;
  businessName: string;
  userId: string;
}

/**
 * The franchisee row of a signed-in franchisee user (franchisees.user_id). FORBIDDEN for another
 * role; NOT_FOUND with message NO_FRANCHISEE when the account is linked to no franchise.
 */
export async function resolveFranchisee(db: Db | Tx, user: SessionUser): Promise<FranchiseeActor> {
  if (user.role !== "franchisee") throw new AppError("FORBIDDEN");
  const [row] = await db
    .select({ id: franchisees.id, businessName: franchisees.businessName, userId: franchisees.userId })
    .from(franchisees)
    .where(eq(franchisees.userId, user.id));
  if (!row) throw new AppError("NOT_FOUND", "NO_FRANCHISEE");
  return row;
}
