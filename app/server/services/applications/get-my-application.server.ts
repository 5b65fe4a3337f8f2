import { desc, eq, type SQL } from "drizzle-orm";
import { franchiseApplications } from "#db/schema";
import type { ApplicationStatus } from "~/domain/applications/schemas";
import type { Db } from "../../db.server";

export interface MyApplication {
  id: string;
  status: ApplicationStatus;
  city: string;
  submittedAt: Date;
  /** The address the confirmation link went to, and whether it was confirmed (ADR 043). */
  email: string;
  emailConfirmed: boolean;
}

/**
 * The application of the signed-in user (docs/product.md, section 6: looked up by the user, null when not
 * signed in), with what its owner may see: the status, the city and the date.
 */
export async function getMyApplication(
  db: Db,
  { actor }: { actor: { id: string } | null },
): Promise<MyApplication | null> {
  if (!actor) return null;
  return firstApplication(db, eq(franchiseApplications.userId, actor.id));
}

/**
 * The application a browser just sent (its id from the page's signed receipt cookie, ADR 055):
 * an anonymous applicant sees its receipt and status instead of an empty form.
 */
export async function getSentApplication(db: Db, { id }: { id: string }): Promise<MyApplication | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return firstApplication(db, eq(franchiseApplications.id, id));
}

async function firstApplication(db: Db, where: SQL): Promise<MyApplication | null> {
  const [row] = await db
    .select({
      id: franchiseApplications.id,
      status: franchiseApplications.status,
      city: franchiseApplications.city,
      submittedAt: franchiseApplications.createdAt,
      email: franchiseApplications.email,
      emailVerifiedAt: franchiseApplications.emailVerifiedAt,
    })
    .from(franchiseApplications)
    .where(where)
    .orderBy(desc(franchiseApplications.createdAt))
    .limit(1);
  if (!row) return null;
  const { emailVerifiedAt, ...application } = row;
  return { ...application, emailConfirmed: emailVerifiedAt !== null };
}
