import { data } from "react-router";
import { hasCode } from "~/lib/errors";
import { type SessionUser } from "~/server/auth.server";
import { requireRole, type PageRequest } from "~/server/http/require-role.server";
import { getDb, type Db } from "~/server/db.server";
import { failureOf, type Failure } from "~/server/http/failure.server";
import { onePerPageLoad } from "~/server/http/page-load.server";
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
export function requireFranchisee(page: PageRequest): Promise<FranchiseeGuard> {
  // The layout's loader and the page's ask together: one look-up for both (as getSessionUser's).
  return onePerPageLoad(page.request, "franchisee", () => resolveGuard(page));
}

interface FranchiseeGuard {
  user: SessionUser;
  franchisee: FranchiseeActor;
  db: Db;
}

async function resolveGuard(page: PageRequest): Promise<FranchiseeGuard> {
  const user = await requireRole(page, ["franchisee"]);
  const db = getDb();
  try {
    return { user, franchisee: await resolveFranchisee(db, user), db };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND", "FORBIDDEN")) {
      throw data(franchiseeMessages.noFranchisee, { status: 403 });
    }
    throw error;
  }
}

/** The French answer of a failed schedule action, in the schedule's words (the detail says which). */
export function scheduleFailure(error: unknown): Failure {
  const t = franchiseeMessages.schedule;
  return failureOf(error, {
    NOT_FOUND: (e) => (e.message === "MEMBER" ? t.memberNotFound : t.notFound),
    APPOINTMENT_NOT_CHANGEABLE: (e) => (e.message === "NOT_STARTED" ? t.notStarted : t.notChangeable),
    SLOT_TAKEN: t.memberNotFree,
    UNKNOWN: t.actionError,
  });
}
