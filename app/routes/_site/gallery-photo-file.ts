import { z } from "~/lib/zod-fr";
import { PHOTO_FILE } from "~/domain/gallery/photos";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { photoVisibility } from "~/server/services/gallery/manage-photos.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/gallery-photo-file";

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * GET /photos/{id}/{after|before}-{width}.{avif|webp}: one stored copy of a photo of real work
 * (ADR 053), read through the storage driver (disk or S3). A published photo is public and its
 * copies never change (a new upload is a new id): cached for a year. A draft is shown to the
 * admin only, never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const notFound = () =>
    new Response("Introuvable", {
      status: 404,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  const match = PHOTO_FILE.exec(params.file);
  if (!match || !isUuid(params.id)) return notFound();
  const visibility = await photoVisibility(getDb(), params.id);
  if (visibility === null) return notFound();
  if (visibility === "draft" && (await getSessionUser(request))?.role !== "admin") return notFound();

  const file = await getStorage().get(`photos/${params.id}/${params.file}`);
  if (!file) return notFound();
  const headers = new Headers({
    "Content-Type": `image/${match[3]}`,
    "Cache-Control": visibility === "published" ? "public, max-age=31536000, immutable" : "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  });
  if (file.size !== undefined) headers.set("Content-Length", String(file.size));
  return new Response(file.body, { headers });
}
