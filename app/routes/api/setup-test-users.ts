import { data } from "react-router";
import { TestLoginSchema } from "~/domain/auth/schemas";
import { hasCode } from "~/lib/errors";
import { getDb } from "~/server/db.server";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { setupTestUsers } from "~/server/services/auth/setup-test-users.server";
import type { Route } from "./+types/setup-test-users";
import { requestInfo } from "~/server/request-info.server";

/** POST {role} -> {success}; demo mode and a loopback client only (404 otherwise, ADR 041). */
export async function action({ request, context }: Route.ActionArgs) {
  if (!demoToolsAllowed(requestInfo(context))) throw data({ success: false }, { status: 404 });
  if (request.method !== "POST") return data({ success: false }, { status: 405 });
  const body: unknown = await request.json().catch(() => null);
  const parsed = TestLoginSchema.safeParse(body);
  if (!parsed.success) return data({ success: false, error: "Rôle invalide" }, { status: 400 });
  try {
    await setupTestUsers(getDb(), parsed.data);
    return { success: true };
  } catch (error) {
    if (hasCode(error)) return data({ success: false }, { status: error.status });
    throw error;
  }
}

export function loader({ context }: Route.LoaderArgs) {
  if (!demoToolsAllowed(requestInfo(context))) throw data(null, { status: 404 });
  return data({ success: false, error: "Méthode non permise" }, { status: 405 });
}
