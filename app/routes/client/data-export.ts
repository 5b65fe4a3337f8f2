import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { exportClientData } from "~/server/services/account/export-client-data.server";
import type { Route } from "./+types/data-export";

/**
 * GET /client/data.json: all the signed-in client's data as a JSON file (Quebec's Law 25, right
 * to portability). Never cached: it holds personal information.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const now = new Date();
  const body = await exportClientData(getDb(), { userId: user.id, now });
  const day = now.toISOString().slice(0, 10);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="mes-donnees-lavage-prestige-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
