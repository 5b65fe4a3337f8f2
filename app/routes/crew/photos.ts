import { data, redirect } from "react-router";
import { JobPhotoFieldsSchema } from "~/domain/crew/job-report";
import { hasCode } from "~/lib/errors";
import { getStorage } from "~/server/storage/storage.server";
import { storeJobPhoto } from "~/server/services/crew/job-photo-store.server";
import type { Route } from "./+types/photos";
import { requireCrew } from "./guard.server";

/** What the upload answers the phone's queue (JSON): the photo kept, or why it never will be. */
export type JobPhotoAnswer =
  | { ok: true; id: string; stored: boolean }
  | { ok: false; error: "invalid" | "refused" | "too-many" | "not-found" | "closed" | "rate-limited" };

/**
 * POST /crew/photos (multipart: id, appointmentId, kind, car, file): one before/after photo of
 * the member's own stop (ADR 088). The phone's queue (IndexedDB) posts each photo until it gets an
 * answer; a photo already stored answers ok again. Without JavaScript, the stop page's plain form
 * posts here too (no id: the server makes one) and comes back to the stop. The body's size is
 * bounded before it is read, for the crew role only (input bounds, ADR 067).
 */
export async function action({ request, url }: Route.ActionArgs) {
  const { actor, db } = await requireCrew({ request, url });
  const fromQueue = request.headers.get("x-photo-queue") === "1";
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<JobPhotoAnswer>({ ok: false, error: "invalid" }, { status: 400 });
  }
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  if (!fromQueue && !fields.id) fields.id = crypto.randomUUID();
  const parsed = JobPhotoFieldsSchema.safeParse(fields);
  const file = form.get("file");
  const back = (status: string) =>
    redirect(`/crew/stops/${parsed.success ? parsed.data.appointmentId : ""}?photo=${status}`);
  if (!parsed.success || !(file instanceof File) || file.size === 0) {
    return data<JobPhotoAnswer>({ ok: false, error: "invalid" }, { status: 400 });
  }
  try {
    const result = await storeJobPhoto(db, getStorage(), {
      actor,
      fields: parsed.data,
      file: new Uint8Array(await file.arrayBuffer()),
    });
    return fromQueue ? data<JobPhotoAnswer>({ ok: true, ...result }) : back("sent");
  } catch (error) {
    const answer = (code: Exclude<JobPhotoAnswer, { ok: true }>["error"], status: number) =>
      fromQueue ? data<JobPhotoAnswer>({ ok: false, error: code }, { status }) : back(code);
    if (hasCode(error, "NOT_FOUND")) return answer("not-found", 404);
    if (hasCode(error, "APPOINTMENT_NOT_CHANGEABLE")) return answer("closed", 409);
    if (hasCode(error, "RATE_LIMITED")) return answer("rate-limited", 429);
    if (hasCode(error, "VALIDATION"))
      return answer(error.message === "TOO_MANY_PHOTOS" ? "too-many" : "invalid", 422);
    if (
      hasCode(error, "FILE_TYPE") ||
      hasCode(error, "FILE_TOO_LARGE") ||
      hasCode(error, "FILE_TOO_SMALL") ||
      hasCode(error, "FILE_TOO_BIG") ||
      hasCode(error, "FILE_UNREADABLE")
    )
      return answer("refused", 422);
    throw error;
  }
}
