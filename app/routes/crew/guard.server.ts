import { data } from "react-router";
import { hasCode } from "~/lib/errors";
import { crewMessages } from "~/lib/messages/crew.fr";
import { requireRole, type PageRequest } from "~/server/http/require-role.server";
import { getDb, type Db } from "~/server/db.server";
import { onePerPageLoad } from "~/server/http/page-load.server";
import { resolveCrewMember, type CrewActor } from "~/server/services/crew/crew-access.server";

/**
 * Every loader and action of the crew's app starts here (ADR 077): a crew session (a signed-out
 * visitor goes to sign-in and back, another role to /), then the active team member of that
 * account. A removed member's account gets a 403 with a clear French message.
 */
export function requireCrew(page: PageRequest): Promise<{ actor: CrewActor; db: Db }> {
  return onePerPageLoad(page.request, "crew", async () => {
    const user = await requireRole(page, ["crew"]);
    const db = getDb();
    try {
      return { actor: await resolveCrewMember(db, user), db };
    } catch (error) {
      if (hasCode(error, "FORBIDDEN")) throw data(crewMessages.noMember, { status: 403 });
      throw error;
    }
  });
}
