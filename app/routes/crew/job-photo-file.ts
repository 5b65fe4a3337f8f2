import { z } from "~/lib/zod-fr";
import { getDb } from "~/server/db.server";
import { isJobPhotoTokenValid } from "~/server/services/crew/job-photo-links.server";
import { jobPhotoExists, jobPhotoKey } from "~/server/services/crew/job-photo-store.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/job-photo-file";

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * GET /job-photos/{appointment}/{photo}.webp?token=…: a before/after photo of a wash (ADR 088),
 * opened by its signed link (the customer's report, the crew's page). The token is an HMAC of the
 * photo id: without it, or with another photo's, 404. Private, cached by the browser only.
 */
export async function loader({ params, url }: Route.LoaderArgs) {
  const notFound = () =>
    new Response("Introuvable", {
      status: 404,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  const photoId = params.file.endsWith(".webp") ? params.file.slice(0, -5) : "";
  if (!isUuid(photoId) || !isUuid(params.appointmentId)) return notFound();
  const db = getDb();
  if (!(await isJobPhotoTokenValid(db, photoId, url.searchParams.get("token") ?? ""))) return notFound();
  if (!(await jobPhotoExists(db, params.appointmentId, photoId))) return notFound();
  const file = await getStorage().get(jobPhotoKey(params.appointmentId, photoId));
  if (!file) return notFound();
  const headers = new Headers({
    "Content-Type": "image/webp",
    "Cache-Control": "private, max-age=86400",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
    "Referrer-Policy": "no-referrer",
  });
  if (file.size !== undefined) headers.set("Content-Length", String(file.size));
  return new Response(file.body, { headers });
}
