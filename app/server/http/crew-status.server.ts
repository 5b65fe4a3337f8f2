import type { CrewStatusActionData } from "~/components/crew/status-buttons";
import { CrewStatusSchema, tapTime } from "~/domain/crew/schemas";
import { hasCode } from "~/lib/errors";
import { crewMessages } from "~/lib/messages/crew.fr";
import { jobReportMessages } from "~/lib/messages/job-report.fr";
import type { Db } from "../db.server";
import type { CrewActor } from "../services/crew/crew-access.server";
import { recordCrewStatus } from "../services/crew/record-crew-status.server";

const s = crewMessages.status;

/**
 * A status tap on one of the member's own stops (ADR 078), from the page's form (/crew) or the
 * phone's queue of taps made offline (/crew/status, ADR 088): the answer and its HTTP status. A tap
 * sent again records nothing twice (the step is the key); a queued tap keeps the time it was made.
 */
export async function crewStatusAnswer(
  db: Db,
  actor: CrewActor,
  form: Record<string, FormDataEntryValue>,
  now = new Date(),
): Promise<{ answer: CrewStatusActionData; status: number }> {
  const appointmentId = typeof form.appointmentId === "string" ? form.appointmentId : "";
  const fail = (error: string, status: number) => ({
    answer: { ok: false as const, appointmentId, error },
    status,
  });
  const parsed = CrewStatusSchema.safeParse(form);
  if (!parsed.success) return fail(s.error, 400);
  const { tappedAt, ...tap } = parsed.data;
  try {
    const result = await recordCrewStatus(db, {
      actor,
      ...tap,
      now: tapTime(tappedAt, now),
      receivedAt: now,
    });
    return {
      answer: {
        ok: true,
        appointmentId,
        status: result.status,
        recorded: result.recorded,
        expectedArrivalAt: result.expectedArrivalAt,
        lateNext: result.lateNext,
      },
      status: 200,
    };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) return fail(s.notFound, 404);
    if (hasCode(error, "APPOINTMENT_NOT_CHANGEABLE")) {
      const reason =
        error.message === "STATUS_BACKWARDS"
          ? s.backwards
          : error.message === "NOT_STARTED"
            ? s.notStarted
            : error.message === "REPORT_INCOMPLETE"
              ? jobReportMessages.stop.reportIncomplete
              : s.notChangeable;
      return fail(reason, 409);
    }
    throw error;
  }
}
