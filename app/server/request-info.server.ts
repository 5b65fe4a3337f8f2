import { createContext, RouterContextProvider } from "react-router";

/** What the HTTP layer knows of a request that loaders, actions and the document render need. */
export interface RequestInfo {
  requestId: string;
  /** The client's address (behind a proxy only when TRUST_PROXY says so). */
  ip: string;
  /**
   * The address of the TCP peer itself, never taken from X-Forwarded-For: the demo tools answer
   * only a loopback one (ADR 041).
   */
  socketIp: string;
  /** The Content-Security-Policy nonce of this response (ADR 033). */
  cspNonce?: string;
}

const requestInfoContext = createContext<RequestInfo>();

/** The router context of one request, made by the HTTP layer (app.ts) or a test. */
export function routerContextWith(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

/** The request's information in a loader, an action or entry.server.tsx. */
export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
