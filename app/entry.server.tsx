import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type RouterContextProvider,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { NonceContext } from "~/lib/csp-nonce";
import { log } from "~/server/log.server";
import { requestInfo } from "~/server/request-info.server";

// React Router's default Node entry (streaming, bots wait for all content), plus the CSP nonce
// of the response (app/server/security/headers.server.ts, ADR 033) on every inline script and
// style: React Router's, React's streaming scripts and the ones of app/root.tsx.

export const streamTimeout = 5_000;

/**
 * A request the router refuses (405 for a method a page has no action for, 404, ...): one warning
 * line, no stack, as it is the caller's mistake (ADR 071). Anything else as React Router's
 * default does (console.error, which the logger turns into a JSON line).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn(`${error.status} : ${request.method} ${new URL(request.url).pathname} refusé`, {
      status: error.status,
    });
    return;
  }
  console.error(isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = requestInfo(loadContext).cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce: nonce ? { script: nonce, style: nonce } : undefined,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by handleDocumentRequest; later ones here.
          if (shellRendered) log.error("Rendu interrompu après le début de la réponse", { err: error });
        },
      },
    );
  });
}
