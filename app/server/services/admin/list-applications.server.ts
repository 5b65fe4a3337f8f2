import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { franchiseApplications, users } from "#db/schema";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";

/** Every franchise application with its full answers and signature audit trail, newest first. */
export async function listApplications(db: Db, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const reviewer = alias(users, "reviewer");
  const rows = await db
    .select({ application: franchiseApplications, reviewerName: reviewer.name })
    .from(franchiseApplications)
    .leftJoin(reviewer, eq(reviewer.id, franchiseApplications.reviewedBy))
    .orderBy(desc(franchiseApplications.createdAt));
  return rows.map(({ application, reviewerName }) => ({ ...application, reviewerName }));
}

export type ApplicationView = Awaited<ReturnType<typeof listApplications>>[number];
