import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { applicationStatusChanges, franchiseApplications, users } from "#db/schema";
import type { ApplicationStatus } from "~/domain/admin/transitions";
import type { Db, Tx } from "../../db.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";
import { AppError } from "~/lib/errors";

/**
 * One line of an application's audit trail (ADR 056), written in the transaction of the change:
 * the actor's name is read from their account now and kept if the account goes.
 */
export async function logApplicationChange(
  tx: Tx,
  {
    applicationId,
    from,
    to,
    actor,
    reason = "",
    now,
  }: {
    applicationId: string;
    from: ApplicationStatus;
    to: ApplicationStatus;
    actor: AdminActor;
    reason?: string;
    now: Date;
  },
): Promise<void> {
  const [who] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, actor.id));
  await tx.insert(applicationStatusChanges).values({
    applicationId,
    fromStatus: from,
    toStatus: to,
    actorUserId: actor.id,
    actorName: who?.name || who?.email || actor.id,
    reason,
    createdAt: now,
  });
}

/** One application for its review page: the answers, the last decision and the trail, oldest first. */
export async function getApplication(
  db: Db,
  { actor, applicationId }: { actor: AdminActor; applicationId: string },
) {
  assertAdmin(actor);
  const reviewer = alias(users, "reviewer");
  const [row] = await db
    .select({ application: franchiseApplications, reviewerName: reviewer.name })
    .from(franchiseApplications)
    .leftJoin(reviewer, eq(reviewer.id, franchiseApplications.reviewedBy))
    .where(eq(franchiseApplications.id, applicationId));
  if (!row) throw new AppError("NOT_FOUND");
  const trail = await db
    .select({
      id: applicationStatusChanges.id,
      fromStatus: applicationStatusChanges.fromStatus,
      toStatus: applicationStatusChanges.toStatus,
      actorName: applicationStatusChanges.actorName,
      reason: applicationStatusChanges.reason,
      createdAt: applicationStatusChanges.createdAt,
    })
    .from(applicationStatusChanges)
    .where(eq(applicationStatusChanges.applicationId, applicationId))
    .orderBy(asc(applicationStatusChanges.createdAt), asc(applicationStatusChanges.id));
  return { application: { ...row.application, reviewerName: row.reviewerName }, trail };
}
