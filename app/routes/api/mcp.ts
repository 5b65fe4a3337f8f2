import { messages } from "~/lib/messages.fr";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { getDb } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { handleMcpRequest, MCP_RATE_LIMIT } from "~/server/services/assistant/mcp.server";
import type { Route } from "./+types/mcp";
import { requestInfo } from "~/server/request-info.server";

/** A JSON-RPC error answer with no id (the request was not read, or not as one message). */
function rpcError(status: number, message: string, headers: Record<string, string> = {}, code = -32000) {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** Stateless: no event stream to open (GET) and no session to end (DELETE). */
export function loader() {
  return rpcError(405, bookingMessages.methodNotAllowed("POST"), { Allow: "POST" });
}

/**
 * POST /mcp: the Model Context Protocol endpoint for outside AI agents (Streamable HTTP,
 * stateless, ADR 051). No cookie is read: every tool proves itself (a booking's number and
 * contact, a summary's confirmation code). Rate-limited per client address; each tool call is
 * counted too (MCP_TOOL_CALL_LIMIT), and also toward its page's own limit. A JSON-RPC batch (an
 * array) is refused whole, as MCP 2025-06-18 removed batching (ADR 067): one request, one call.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const db = getDb();
  const limit = await hitRateLimit(db, `mcp:ip:${requestInfo(context).ip}`, MCP_RATE_LIMIT);
  if (!limit.allowed) {
    return rpcError(429, messages.errors.rateLimited, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return rpcError(400, assistantMessages.mcp.parseError, {}, -32700);
  }
  if (Array.isArray(body)) return rpcError(400, assistantMessages.mcp.batchRefused, {}, -32600);
  return handleMcpRequest(request, { db, ip: requestInfo(context).ip, body });
}
