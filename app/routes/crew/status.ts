import type { CrewStatusActionData } from "~/components/crew/status-buttons";
import { crewStatusAnswer } from "~/server/http/crew-status.server";
import type { Route } from "./+types/status";
import { requireCrew } from "./guard.server";

/**
 * POST /crew/status: a status tap the phone kept while offline (ADR 088), sent by its queue
 * (IndexedDB) when the network is back, with the time it was made (`tappedAt`). Answers JSON;
 * sending it again records nothing twice.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const { actor, db } = await requireCrew({ request, url });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    const invalid: CrewStatusActionData = { ok: false, appointmentId: "", error: "invalid" };
    return Response.json(invalid, { status: 400 });
  }
  const { answer, status } = await crewStatusAnswer(db, actor, Object.fromEntries(form));
  return Response.json(answer, { status, headers: { "Cache-Control": "no-store" } });
}
