import { inFrench } from "~/server/auth-errors.server";
import { getAuth, withClientIp } from "~/server/auth.server";
import type { Route } from "./+types/auth";
import { requestInfo } from "~/server/request-info.server";

/** better-auth's HTTP API (sign-in, sign-up, sign-out, session) under /api/auth/*, errors in French. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return withoutSessionTokens(
    request,
    await inFrench(await getAuth().handler(withClientIp(request, requestInfo(context).ip))),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return withoutSessionTokens(
    request,
    await inFrench(await getAuth().handler(withClientIp(request, requestInfo(context).ip))),
  );
}

/** The answers that list sessions; their `token` is the session cookie's value. */
const SESSION_LISTS = new Set(["/api/auth/get-session", "/api/auth/list-sessions"]);

/**
 * The session token stays in its httpOnly cookie (ADR 066): the answers of get-session and
 * list-sessions reach the browser without it, so a script on the page cannot read it there.
 */
async function withoutSessionTokens(request: Request, response: Response): Promise<Response> {
  if (response.status !== 200 || !SESSION_LISTS.has(new URL(request.url).pathname)) return response;
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const body: unknown = await response.json();
  const strip = (session: unknown) => {
    if (session && typeof session === "object" && "token" in session) delete session.token;
  };
  if (Array.isArray(body)) body.forEach(strip);
  else if (body && typeof body === "object" && "session" in body) strip(body.session);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: 200, statusText: response.statusText, headers });
}
