import { WifiOff } from "lucide-react";
import { useEffect, useSyncExternalStore, type FormEvent } from "react";

import { formatDate, formatTime } from "~/domain/time/format-instant";
import { crewMessages } from "~/lib/messages/crew.fr";

const t = crewMessages.app;

/** The crew's service worker (public/crew-sw.js, ADR 089), registered by the crew's pages only. */
const WORKER = "/crew-sw.js";
const SCOPE = "/crew";

/**
 * Registers the crew's service worker once the page has hydrated (after the first paint, ADR
 * 040: no inline script, hence nothing for the CSP nonce), then hands it what the page loaded
 * before it was in control (the scripts under /assets/ and the day itself), so that /crew opens
 * offline next time.
 */
export function useCrewServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    void (async () => {
      try {
        // Not `navigator.serviceWorker.ready`: after a sign-in the page was created at /auth (a
        // client-side navigation), outside the scope, and `ready` would wait for a full load.
        const registration = await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
        const worker = await activeWorker(registration);
        if (cancelled || !worker) return;
        const assets = performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((href) => href.startsWith(`${location.origin}/assets/`));
        worker.postMessage({
          type: "shell",
          assets,
          page: location.pathname + location.search,
        });
      } catch {
        // No worker (private browsing, an old phone): the app works online as before.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);
}

/** The registration's active worker, once the new one (if any) has activated. */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const pending = registration.installing ?? registration.waiting;
  if (!pending) return Promise.resolve(registration.active);
  return new Promise((resolve) => {
    pending.addEventListener("statechange", () => {
      if (pending.state === "activated") resolve(pending);
      if (pending.state === "redundant") resolve(registration.active);
    });
  });
}

/**
 * Whether the page shows a kept copy: served by the worker while the network was down (the
 * `data-offline-copy` mark), or the phone is offline now. Back online, a kept copy is loaded again;
 * a page loaded from the server stays, and its queues send what waited (reloading it would cut a
 * send short and lose what it says).
 */
export function useOffline(): boolean {
  useEffect(() => {
    const comeBack = () => {
      if (showsKeptCopy()) void reloadWhenReachable();
    };
    window.addEventListener("online", comeBack);
    // A kept copy while the phone says it is online (the network came back slowly, or a weak
    // signal): tried again every few seconds, until a fresh page replaces it.
    const timer = window.setInterval(() => {
      if (navigator.onLine) comeBack();
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", comeBack);
      window.clearInterval(timer);
    };
  }, []);
  return useSyncExternalStore(subscribe, offlineNow, () => false);
}

const RETRY_MS = 5_000;

/**
 * A full load once the server answers (a HEAD request, which the worker lets through): should the
 * network fail again, the worker serves the kept day with the notice, where a failed data request
 * would show the error page.
 */
async function reloadWhenReachable() {
  try {
    await fetch(location.href, { method: "HEAD", cache: "no-store" });
    window.location.reload();
  } catch {
    // Still unreachable: the next try or the next `online` event.
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener("offline", onChange);
  window.addEventListener("online", onChange);
  return () => {
    window.removeEventListener("offline", onChange);
    window.removeEventListener("online", onChange);
  };
}

/** The page was served by the worker from its copy of the day (ADR 089). */
export function showsKeptCopy(): boolean {
  return document.documentElement.hasAttribute("data-offline-copy");
}

function offlineNow(): boolean {
  return showsKeptCopy() || !navigator.onLine;
}

/** « Hors ligne — données du 28 novembre à 9 h 05 »: when the day shown was loaded. */
export function OfflineNotice({ loadedAt }: { loadedAt: string }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-600/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="offline-notice"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-0.5">
        <p className="font-medium">{t.offline(formatDate(loadedAt, "long"), formatTime(loadedAt))}</p>
        <p>{t.offlineHint}</p>
      </div>
    </div>
  );
}

/**
 * The sign-out form's submit: empties the worker's caches first (nobody else's day stays on the
 * phone), then posts as usual. Without JavaScript the form posts at once, and the worker empties
 * its caches at the next visit's redirect to sign-in.
 */
export function clearCachesThenSubmit(event: FormEvent<HTMLFormElement>) {
  if (typeof caches === "undefined") return;
  event.preventDefault();
  const form = event.currentTarget;
  void (async () => {
    try {
      navigator.serviceWorker?.controller?.postMessage({ type: "clear" });
      const keys = await caches.keys();
      await Promise.all(keys.filter((key) => key.startsWith("crew-")).map((key) => caches.delete(key)));
    } finally {
      form.submit();
    }
  })();
}
