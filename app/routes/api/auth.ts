import { getAuth } from "~/server/auth.server";
import type { Route } from "./+types/auth";

/** better-auth's HTTP API (sign-in, sign-up, sign-out, session) under /api/auth/*. */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
