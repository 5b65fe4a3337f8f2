import { getAuth, withClientIp } from "~/server/auth.server";
import type { Route } from "./+types/auth";

/** better-auth's HTTP API (sign-in, sign-up, sign-out, session) under /api/auth/*. */
export function loader({ request, context }: Route.LoaderArgs) {
  return getAuth().handler(withClientIp(request, context.ip));
}

export function action({ request, context }: Route.ActionArgs) {
  return getAuth().handler(withClientIp(request, context.ip));
}
