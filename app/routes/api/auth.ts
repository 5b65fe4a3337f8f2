import { inFrench } from "~/server/auth-errors.server";
import { getAuth, withClientIp } from "~/server/auth.server";
import type { Route } from "./+types/auth";

/** better-auth's HTTP API (sign-in, sign-up, sign-out, session) under /api/auth/*, errors in French. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return inFrench(await getAuth().handler(withClientIp(request, context.ip)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return inFrench(await getAuth().handler(withClientIp(request, context.ip)));
}
