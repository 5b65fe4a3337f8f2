/**
 * The browser half of "paint first, hydrate next" (ADR 040; the server half is
 * app/server/paint-first.server.ts). `__lavageBoot(preloads)` runs right after React Router's boot
 * script, which the server made inert; once the page has painted, it starts that script as a module
 * and adds back the module preloads the server took out, a few at a time:
 * - a tab in the background never paints: start at once, the page must work when it is shown;
 * - otherwise on the first contentful paint (Paint Timing), or after two frames where the browser
 *   does not report paints;
 * - in any case after 3 s, so that a page is never left without its scripts.
 */
function bootWhenPainted(deferredType: string, preloads: string[]) {
  const inert = document.querySelector<HTMLScriptElement>(`script[type="${deferredType}"]`);
  if (!inert) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    document.body.appendChild(script);
    // A link element costs ~1 ms on a phone: a few per task, never one long task.
    const preloadSome = (from: number) => {
      for (const href of preloads.slice(from, from + 6)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.appendChild(link);
      }
      if (from + 6 < preloads.length) setTimeout(() => preloadSome(from + 6), 0);
    };
    preloadSome(0);
  };
  const afterThisTask = () => setTimeout(start, 0);
  if (document.visibilityState !== "visible") return start();
  setTimeout(start, 3000);
  if (
    typeof PerformanceObserver !== "undefined" &&
    PerformanceObserver.supportedEntryTypes?.includes("paint")
  ) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      afterThisTask();
    }).observe({ type: "paint", buffered: true });
    return;
  }
  requestAnimationFrame(() => requestAnimationFrame(afterThisTask));
}

export const DEFERRED_MODULE_TYPE = "lavage/module";

/** Inline in the head, before the boot script it will start. */
export const PAINT_FIRST_SCRIPT = `window.__lavageBoot=function(p){(${bootWhenPainted.toString()})(${JSON.stringify(DEFERRED_MODULE_TYPE)},p||[])};`;
