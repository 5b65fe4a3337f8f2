import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ActionFunction, AppLoadContext } from "react-router";

/**
 * A resource route's action called straight from Express (ADR 054, eleventh pass), for the hot
 * path of the booking engine: POST /api/bookings. React Router's request handler spent about a
 * tenth of a booking's server CPU around the action: matching the URL against every route twice,
 * copying the Fetch Request twice more (`stripIndexParam`), its data strategy. Here the request
 * is converted once, as @react-router/express does it, the action runs with the same arguments,
 * and its result is answered as React Router answers a resource route's: a Response as it is,
 * `data(...)` and plain values as JSON, a string as text, a thrown Response or `data(...)` alike,
 * any other error logged and answered 500 "Unexpected Server Error".
 */

/** The Fetch Request of an Express request, built as @react-router/express builds it. */
export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const fromForwarded = Number.parseInt(forwardedPort!, 10);
  const fromHost = Number.parseInt(hostPort!, 10);
  const port = Number.isSafeInteger(fromForwarded)
    ? fromForwarded
    : Number.isSafeInteger(fromHost)
      ? fromHost
      : "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** What `data(...)` of react-router returns (React Router tells it by these fields too). */
interface DataWithResponseInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithResponseInit(value: unknown): value is DataWithResponseInit {
  return (
    typeof value === "object" &&
    value !== null &&
    "type" in value &&
    "data" in value &&
    "init" in value &&
    value.type === "DataWithResponseInit"
  );
}

function isResponse(value: unknown): value is Response {
  const v = value as Partial<Response> | null | undefined;
  return (
    v != null &&
    typeof v.status === "number" &&
    typeof v.statusText === "string" &&
    typeof v.headers === "object" &&
    typeof v.body !== "undefined"
  );
}

type ServerMode = "development" | "production" | "test";

function serverModeOf(mode: string | undefined): ServerMode {
  return mode === "development" || mode === "test" ? mode : "production";
}

/** React Router's answer to an error it has nothing better for. */
function lastResort(error: unknown, mode: ServerMode): Response {
  let message = "Unexpected Server Error";
  if (mode !== "production") message += `\n\n${String(error)}`;
  return new Response(message, { status: 500, headers: { "Content-Type": "text/plain" } });
}

/** What React Router answers for a resource route's action result. */
function answerOf(result: unknown): Response {
  if (isResponse(result)) return result;
  if (isDataWithResponseInit(result)) return Response.json(result.data, result.init ?? undefined);
  if (typeof result === "string") return new Response(result);
  return Response.json(result);
}

/**
 * What React Router answers for an error thrown by a resource route's action (or by turning its
 * result into JSON): a thrown Response as it is, a thrown `data(...)` as JSON; any other error goes to its default error
 * handler (app/entry.server.tsx has none: the console, that is the log) and is answered 500.
 * The actions served here catch their own errors (jsonFailure), so this is the unexpected case.
 */
function answerOfError(error: unknown, request: Request, mode: ServerMode): Response {
  if (isResponse(error)) return error;
  if (isDataWithResponseInit(error)) return Response.json(error.data, error.init ?? undefined);
  if (mode !== "test" && !request.signal.aborted) console.error(error);
  return lastResort(error, mode);
}

/** Writes a Fetch Response to Express as @react-router/express does (status, headers appended, body). */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (!response.body) {
    res.end();
    return;
  }
  // An action's answer is one small JSON body: read whole, written as the adapter writes its one
  // chunk (write, compression's flush, end).
  const body = new Uint8Array(await response.arrayBuffer());
  if (res.destroyed || res.writableEnded) return;
  if (body.byteLength > 0) {
    res.write(body);
    (res as ExpressResponse & { flush?: () => void }).flush?.();
  }
  res.end();
}

/**
 * An Express handler calling `action()`'s action for `pattern` with the load context of
 * `loadContext`. `action` resolves to undefined when the build has none: the request goes on.
 */
export function directAction(
  pattern: string,
  action: () => Promise<ActionFunction | undefined>,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
  mode: string | undefined = process.env.NODE_ENV,
) {
  const serverMode = serverModeOf(mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> => {
    try {
      const handler = await action();
      if (!handler) return next();
      const request = fetchRequestOf(req, res);
      let response: Response;
      try {
        const result: unknown = await handler({
          request,
          url: new URL(request.url),
          pattern,
          params: {},
          context: loadContext(req, res),
        });
        response = answerOf(result);
      } catch (error) {
        response = answerOfError(error, request, serverMode);
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
