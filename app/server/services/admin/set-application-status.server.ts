import { eq } from "drizzle-orm";
import { franchiseApplications } from "#db/schema";
import { AppError } from "~/lib/errors";
import { canMoveApplication } from "~/domain/admin/transitions";
import type { Db } from "../../db.server";
import { getStorage, type FileStorage } from "../../storage/storage.server";
import { deleteApplicationPhotos } from "../applications/application-photo.server";
import { logApplicationChange } from "./application-trail.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";

/**
 * Moves an application to review or rejects it (approval has its own use case). A refusal needs
 * its reason (REASON_REQUIRED); each move is a line of the application's audit trail (ADR 056).
 * No e-mail goes to the candidate: none exists for these moves. A refusal also removes the
 * candidate's photo (ADR 076): it served the review only; the answers and the signature stay as
 * the record of the decision.
 */
export async function setApplicationStatus(
  db: Db,
  {
    actor,
    applicationId,
    status,
    reason = "",
    now = new Date(),
    storage,
  }: {
    actor: AdminActor;
    applicationId: string;
    status: "reviewing" | "rejected";
    reason?: string;
    now?: Date;
    /** Where the photo lives; the process's storage unless told (tests). */
    storage?: FileStorage;
  },
): Promise<void> {
  assertAdmin(actor);
  if (status === "rejected" && reason.trim() === "") throw new AppError("REASON_REQUIRED");
  const photoUrl = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: franchiseApplications.status, photoUrl: franchiseApplications.photoUrl })
      .from(franchiseApplications)
      .where(eq(franchiseApplications.id, applicationId))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND");
    if (!canMoveApplication(row.status, status)) throw new AppError("TRANSITION");
    await tx
      .update(franchiseApplications)
      .set({
        status,
        reviewedBy: actor.id,
        reviewedAt: now,
        ...(status === "rejected" ? { photoUrl: null } : {}),
      })
      .where(eq(franchiseApplications.id, applicationId));
    await logApplicationChange(tx, {
      applicationId,
      from: row.status,
      to: status,
      actor,
      reason: reason.trim(),
      now,
    });
    return status === "rejected" ? row.photoUrl : null;
  });
  // After the commit: the row no longer names the file, so nothing serves it even if this fails.
  if (photoUrl) await deleteApplicationPhotos(storage ?? getStorage(), [photoUrl]);
}
