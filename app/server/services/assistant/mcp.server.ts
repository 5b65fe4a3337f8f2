/**
 * The MCP server of the public tools (ADR 051): `POST /mcp`, Streamable HTTP, stateless (a new
 * server and transport per request, no session, no cookie). Each tool is the assistant's tool of
 * the same name: the same schemas, limits and proofs as the chat and the pages. A stateless call
 * remembers nothing, so a change of a booking carries its proof (e-mail or phone) every time.
 * The MCP SDK (~29 MB of memory) is imported on the first call, not at start (ADR 054).
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import type { Db } from "../../db.server";
import { hitRateLimit } from "../../rate-limit.server";
import { BookAppointmentInput, bookAppointmentTool } from "./booking-tool.server";
import {
  CancelBookingInput,
  cancelBookingTool,
  FindBookingInput,
  findBookingTool,
  RescheduleBookingInput,
  rescheduleBookingTool,
} from "./manage-tools.server";
import {
  CheckServiceAreaInput,
  checkServiceAreaTool,
  GetPricesInput,
  getPricesTool,
  ListSlotsInput,
  listSlotsTool,
} from "./lookup-tools.server";
import { type ToolContext } from "./tools.server";

/** Requests to /mcp one client address may send: an agent's conversation, not a scraper. */
export const MCP_RATE_LIMIT = { max: 120, windowSeconds: 10 * 60 } as const;
/**
 * Tool calls one client address may make, whichever tool (ADR 067): the read tools (slots,
 * prices, a booking) have no page limit of their own, and each call costs database work.
 */
export const MCP_TOOL_CALL_LIMIT = { max: 60, windowSeconds: 10 * 60 } as const;

function answer(result: { ok: boolean } & Record<string, unknown>) {
  return {
    content: [{ type: "text" as const, text: JSON.stringify(result) }],
    structuredContent: result as Record<string, unknown>,
    isError: !result.ok,
  };
}

/** A tool's handler, run only while the address is within MCP_TOOL_CALL_LIMIT. */
function counted<A extends unknown[]>(
  ctx: ToolContext,
  run: (...args: A) => Promise<{ ok: boolean }>,
): (...args: A) => Promise<ReturnType<typeof answer>> {
  return async (...args: A) => {
    const limit = await hitRateLimit(ctx.db, `mcp:tool:${ctx.ip}`, MCP_TOOL_CALL_LIMIT);
    if (!limit.allowed) {
      return answer({
        ok: false,
        code: "RATE_LIMITED",
        message: assistantMessages.mcp.toolCallsLimited,
        retry_after_seconds: limit.retryAfterSeconds,
      });
    }
    return answer(await run(...args));
  };
}

async function createMcpServer(ctx: ToolContext): Promise<McpServer> {
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
  const server = new McpServer(
    { name: "lavage-mobile-prestige", version: "1.0.0" },
    {
      instructions:
        "Lavage d'auto mobile au Québec. Vérifiez l'adresse (check_service_area), listez les créneaux " +
        "(list_slots) de la zone donnée, puis book_appointment deux fois : sans 'confirmation' pour " +
        "obtenir le résumé et son code, puis avec le code une fois que le client a confirmé le résumé. " +
        "Pour trouver, annuler ou déplacer une réservation : son numéro et le courriel ou le téléphone " +
        "utilisé pour réserver, à chaque appel.",
    },
  );
  server.registerTool(
    "check_service_area",
    {
      description: "Indique si une adresse, une municipalité ou un code postal est desservi, et sa zone.",
      inputSchema: CheckServiceAreaInput.shape,
      annotations: { readOnlyHint: true },
    },
    counted(ctx, (args) => checkServiceAreaTool(ctx, args)),
  );
  server.registerTool(
    "get_prices",
    {
      description: "Les lavages et les options, avec leurs prix avant taxes.",
      inputSchema: GetPricesInput.shape,
      annotations: { readOnlyHint: true },
    },
    counted(ctx, () => getPricesTool(ctx)),
  );
  server.registerTool(
    "list_slots",
    {
      description: "Les créneaux libres d'une zone, par jour (début ISO 8601 avec fuseau).",
      inputSchema: ListSlotsInput.shape,
      annotations: { readOnlyHint: true },
    },
    counted(ctx, (args) => listSlotsTool(ctx, args)),
  );
  server.registerTool(
    "book_appointment",
    {
      description:
        "Réserve un créneau. Sans 'confirmation' : renvoie le résumé (date, heure, adresse, véhicules, " +
        "options, total) et son code, sans réserver. Avec le code, après l'accord du client : réserve.",
      inputSchema: BookAppointmentInput.shape,
    },
    counted(ctx, (args) => bookAppointmentTool(ctx, args)),
  );
  server.registerTool(
    "find_booking",
    {
      description:
        "Trouve une réservation par son numéro et le courriel ou le téléphone utilisé pour réserver.",
      inputSchema: FindBookingInput.shape,
      annotations: { readOnlyHint: true },
    },
    counted(ctx, (args) => findBookingTool(ctx, args)),
  );
  server.registerTool(
    "cancel_booking",
    {
      description:
        "Annule une réservation (au moins 24 h avant) : son numéro et le courriel ou le téléphone utilisé pour réserver.",
      inputSchema: CancelBookingInput.shape,
      annotations: { destructiveHint: true },
    },
    counted(ctx, (args) => cancelBookingTool(ctx, args)),
  );
  server.registerTool(
    "reschedule_booking",
    {
      description:
        "Déplace une réservation vers un créneau libre (au moins 24 h avant) : son numéro, le nouveau début " +
        "et le courriel ou le téléphone utilisé pour réserver.",
      inputSchema: RescheduleBookingInput.shape,
    },
    counted(ctx, (args) => rescheduleBookingTool(ctx, args)),
  );
  return server;
}

/** Answers one MCP request (stateless; JSON answers rather than an event stream). */
export async function handleMcpRequest(
  request: Request,
  { db, ip, body }: { db: Db; ip: string; body: unknown },
): Promise<Response> {
  const ctx: ToolContext = { db, ip, now: () => new Date(), proofs: new Map() };
  const server = await createMcpServer(ctx);
  const { WebStandardStreamableHTTPServerTransport } =
    await import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js");
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    void server.close();
  }
}
