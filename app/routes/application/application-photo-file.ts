import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import {
  APPLICATION_PHOTO_NAME,
  APPLICATION_PHOTOS_FOLDER,
  isValidPhotoLink,
} from "~/server/services/applications/application-photo.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/application-photo-file";

/**
 * GET /files/application-photos/{name}: a candidate's photo (ADR 076), personal data. The admin
 * sees it; so does whoever holds the application webhook's signed link until it expires
 * (`?expires=…&token=…`). Anyone else is sent away as from an admin page (sign-in, or home).
 * Never cached, never run as a document (nosniff and the referrer policy come with every answer).
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const signed =
    url.searchParams.has("token") &&
    APPLICATION_PHOTO_NAME.test(params.name) &&
    (await isValidPhotoLink(getDb(), {
      name: params.name,
      expires: url.searchParams.get("expires"),
      token: url.searchParams.get("token"),
    }));
  if (!signed) await requireRole({ request, url }, ["admin"]);
  const notFound = () =>
    new Response("Introuvable", {
      status: 404,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  if (!APPLICATION_PHOTO_NAME.test(params.name)) return notFound();
  const file = await getStorage().get(`${APPLICATION_PHOTOS_FOLDER}/${params.name}`);
  if (!file) return notFound();
  const headers = new Headers({
    "Content-Type": "image/webp",
    "Cache-Control": "private, no-store",
    "Content-Disposition": `inline; filename="${params.name}"`,
    "Content-Security-Policy": "default-src 'none'",
  });
  if (file.size !== undefined) headers.set("Content-Length", String(file.size));
  return new Response(file.body, { headers });
}
