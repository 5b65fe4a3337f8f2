import { requireRole } from "~/server/http/require-role.server";
import {
  SIGNATURE_NAME,
  SIGNATURES_FOLDER,
} from "~/server/services/applications/submit-franchise-application.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/signature-file";

/**
 * GET /files/signatures/{name}: the signature image of an application, for the admin only
 * (others are sent to /, like every admin page). Never cached: it is personal data.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireRole({ request, url }, ["admin"]);
  const notFound = () =>
    new Response("Introuvable", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!SIGNATURE_NAME.test(params.name)) return notFound();
  const file = await getStorage().get(`${SIGNATURES_FOLDER}/${params.name}`);
  if (!file) return notFound();
  const headers = new Headers({
    "Content-Type": "image/png",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": `inline; filename="${params.name}"`,
    "Content-Security-Policy": "default-src 'none'",
  });
  if (file.size !== undefined) headers.set("Content-Length", String(file.size));
  return new Response(file.body, { headers });
}
