import { desc, eq } from "drizzle-orm";
import { franchiseApplications } from "#db/schema";
import type { ApplicationStatus } from "~/domain/applications/schemas";
import type { Db } from "../../db.server";

export interface MyApplication {
  id: string;
  status: ApplicationStatus;
  city: string;
  submittedAt: Date;
}

/**
 * The application of the signed-in user (spec section 6: looked up by the user, null when not
 * signed in), with what its owner may see: the status, the city and the date.
 */
export async function getMyApplication(
  db: Db,
  { actor }: { actor: { id: string } | null },
): Promise<MyApplication | null> {
  if (!actor) return null;
  const [row] = await db
    .select({
      id: franchiseApplications.id,
      status: franchiseApplications.status,
      city: franchiseApplications.city,
      submittedAt: franchiseApplications.createdAt,
    })
    .from(franchiseApplications)
    .where(eq(franchiseApplications.userId, actor.id))
    .orderBy(desc(franchiseApplications.createdAt))
    .limit(1);
  return row ?? null;
}
