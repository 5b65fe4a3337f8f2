import { data } from "react-router";
import { AppError } from "~/lib/errors";
import { requireRole, type SessionUser } from "~/server/auth.server";
import { getDb, type Db } from "~/server/db.server";
import {
  resolveFranchisee,
  type FranchiseeActor,
} from "~/server/services/franchisee/resolve-franchisee.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

/**
 * Every loader and action of the franchisee tools starts here: a franchisee ('Partenaire') session
 * (anyone else is redirected to /), then the franchisee row of that user. A franchisee account
 * linked to no franchise gets a 403 with a clear French message.
 */
export async function requireFranchisee(
  request: Request,
): Promise<{ user: SessionUser; franchisee: FranchiseeActor; db: Db }> {
  const user = await requireRole(request, ["franchisee"]);
  const db = getDb();
  try {
    return { user, franchisee: await resolveFranchisee(db, user), db };
  } catch (error) {
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "FORBIDDEN")) {
      throw data(franchiseeMessages.noFranchisee, { status: 403 });
    }
    throw error;
  }
}

/** The French text of a failed schedule action. */
export function scheduleFailure(error: unknown): { status: number; message: string } | null {
  if (!(error instanceof AppError)) return null;
  const t = franchiseeMessages.schedule;
  if (error.code === "NOT_FOUND") {
    return { status: 404, message: error.message === "MEMBER" ? t.memberNotFound : t.notFound };
  }
  if (error.code === "APPOINTMENT_NOT_CHANGEABLE") {
    return { status: 409, message: error.message === "NOT_STARTED" ? t.notStarted : t.notChangeable };
  }
  if (error.code === "SLOT_TAKEN") return { status: 409, message: t.memberNotFree };
  return null;
}
