import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (ADR 033).
 * app/entry.server.tsx provides it; in the browser it is undefined (the browser hides nonces
 * from the DOM, and the elements that carry one are rendered once, on the server).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
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
