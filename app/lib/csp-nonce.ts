import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page (ADR 033). On the server, app/entry.server.tsx
 * provides the response's nonce. In the browser, the page's nonce as the boot script below left
 * it: when an uncaught error makes React render the document again, the <style> it re-creates
 * must carry it, or the error page loses its stylesheet.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  const nonce = useContext(NonceContext);
  if (nonce !== undefined || typeof window === "undefined") return nonce;
  return (window as typeof window & { __webpack_nonce__?: string }).__webpack_nonce__;
}

/**
 * Inline script run before any module of the app, so that libraries live with the policy:
 * - libraries that inject <style> elements get the nonce (react-remove-scroll in Radix dialogs
 *   reads `__webpack_nonce__`);
 * - Zod parses without `new Function` (its eval probe is a CSP violation without 'unsafe-eval').
 *   Zod keeps its config on `globalThis.__zod_globalConfig` and reads `jitless` when each object
 *   schema is built, i.e. while the route modules load: `z.config()` in an entry would be late.
 */
export const CSP_BOOT_SCRIPT =
  "(function(){var s=document.currentScript;if(s&&s.nonce)window.__webpack_nonce__=s.nonce;var z=window.__zod_globalConfig||(window.__zod_globalConfig={});z.jitless=true})();";
