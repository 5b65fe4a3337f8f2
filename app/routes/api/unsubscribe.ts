import { redirect } from "react-router";
import { getDb } from "~/server/db.server";
import { unsubscribeWithToken } from "~/server/services/messaging/unsubscribe.server";
import type { Route } from "./+types/unsubscribe";

/** A GET (a client that opens the List-Unsubscribe link) goes to the page with its button. */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`/unsubscribe?token=${encodeURIComponent(token)}`);
}

/**
 * POST /api/unsubscribe?token=…: RFC 8058 one-click unsubscribe, the target of the
 * List-Unsubscribe header (body List-Unsubscribe=One-Click). 200 once the withdrawal is in the
 * consent ledger, 400 for a token that is not genuine.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  // The body (List-Unsubscribe=One-Click) says nothing the token does not; it is read anyway, so
  // that answering before a client has sent it all does not cut the connection under it.
  await request.arrayBuffer().catch(() => undefined);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const target = token ? await unsubscribeWithToken(getDb(), token) : null;
  return new Response(target ? "Désabonnement enregistré.\n" : "Lien de désabonnement invalide.\n", {
    status: target ? 200 : 400,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
