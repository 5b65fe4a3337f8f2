import { data } from "react-router";
import { ExchangeRewardSchema } from "~/domain/loyalty/schemas";
import { messages } from "~/lib/messages.fr";
import { getSessionUser } from "~/server/auth.server";
import { requireRole, type PageRequest } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { jsonFailure } from "~/server/http/failure.server";
import { exchangeReward } from "~/server/services/loyalty/exchange-reward.server";
import type { Route } from "./+types/rewards-exchange";
import { clientMessages } from "~/lib/messages/client.fr";

const t = clientMessages;

/** The answer of POST /api/rewards/exchange (docs/http-api.md): {success, error?}. */
type ExchangeAnswer = { success: true } | { success: false; error: string };

export function loader() {
  return data<ExchangeAnswer>(
    { success: false, error: t.api.methodNotAllowed },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/** requireRole, answered in JSON: 401 without a session, 403 for another role. */
async function requireClient({ request, url }: PageRequest) {
  try {
    return { user: await requireRole({ request, url }, ["client"]) };
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const signedIn = (await getSessionUser(request)) !== null;
    return {
      refusal: data<ExchangeAnswer>(
        { success: false, error: signedIn ? t.api.forbidden : messages.errors.notAuthenticated },
        { status: signedIn ? 403 : 401 },
      ),
    };
  }
}

async function readRewardId(request: Request): Promise<unknown> {
  try {
    if ((request.headers.get("content-type") ?? "").includes("application/json")) {
      const body: unknown = await request.json();
      return typeof body === "object" && body !== null
        ? (body as Record<string, unknown>).reward_id
        : undefined;
    }
    return (await request.formData()).get("reward_id") ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST {reward_id} (JSON or form) for the signed-in client: 200 {success: true}, 409 with
 * 'Points insuffisants pour cette récompense', 404 for an unknown or inactive reward.
 */
export async function action({ request, url }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const { user, refusal } = await requireClient({ request, url });
  if (!user) return refusal;
  const parsed = ExchangeRewardSchema.safeParse({ reward_id: await readRewardId(request) });
  if (!parsed.success) {
    return data<ExchangeAnswer>({ success: false, error: t.api.invalidRequest }, { status: 400 });
  }
  try {
    await exchangeReward(getDb(), { userId: user.id, rewardId: parsed.data.reward_id });
    return data<ExchangeAnswer>({ success: true });
  } catch (error) {
    return jsonFailure(error, { texts: { NOT_FOUND: t.rewards.unknownReward } });
  }
}
