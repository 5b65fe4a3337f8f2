/**
 * The role check of every private page's loader and action (ADR 042): the page's answer to a
 * visitor who may not see it is React Router's redirect, so it lives with the HTTP glue, not in
 * auth.server.ts, which services import.
 */
import { redirect } from "react-router";
import { safeRedirectPath } from "~/domain/auth/redirect-to";
import type { Role } from "~/lib/roles";
import { getSessionUser, type SessionUser } from "../auth.server";

/**
 * A loader's or action's request with React Router's normalised `url` (no `.data` suffix, no
 * `_routes` parameter): the page the visitor asked for, whether by a document or a data request.
 */
export interface PageRequest {
  request: Request;
  url: URL;
}

/**
 * A signed-out visitor of a private page goes to /auth?redirectTo=<the page> (ADR 042), and
 * comes back to it after signing in; a signed-in user of another role goes to / (docs/product.md, section 6).
 */
export async function requireRole(
  { request, url }: PageRequest,
  roles: readonly Role[],
): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const back = safeRedirectPath(`${url.pathname}${url.search}`);
    throw redirect(back ? `/auth?${new URLSearchParams({ redirectTo: back })}` : "/auth");
  }
  if (!roles.includes(user.role)) throw redirect("/");
  return user;
}
