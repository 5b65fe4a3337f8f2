/**
 * The service worker of the crew's app (issue 32, ADR 089), registered by /crew only, scope /crew.
 *
 * - The app shell (/assets/*, hashed and immutable; the icons; the manifest) is served from the
 *   cache first. The page sends the list of the files it loaded before this worker controlled it.
 * - "Ma journée" (/crew documents and their /crew.data requests) goes to the network first; a
 *   200 answer is kept (and the last document under LAST), and served when the network fails,
 *   the document marked `data-offline-copy` so that the page says it shows old data.
 * - Only GET is ever cached: a POST (a status tap, the sign-out) goes to the network untouched.
 * - A redirect (signed out, session ended), a 401 or a 403 empties every cache of this worker, and
 *   so does the message { type: "clear" } the page sends before signing out: nobody else's day
 *   stays on the phone.
 */
const VERSION = "1";
const SHELL = `crew-shell-${VERSION}`;
const DAYS = `crew-days-${VERSION}`;
const LAST = "/crew?__last";
const SHELL_FILES = [
  "/crew/manifest.webmanifest",
  "/crew/icon-192.png",
  "/crew/icon-512.png",
  "/favicon.svg",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("crew-") && key !== SHELL && key !== DAYS)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Bumped by every clearing: a day being kept when a clearing comes is not kept. */
let epoch = 0;

function clearAll() {
  epoch += 1;
  return caches
    .keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("crew-")).map((k) => caches.delete(k))));
}

/** The cache key of a day: the page's path and query, without React Router's own parameters. */
function dayKey(url) {
  const key = new URL(url);
  key.pathname = key.pathname.replace(/\.data$/, "");
  key.searchParams.delete("_routes");
  key.searchParams.delete("index");
  key.searchParams.sort();
  return key.pathname + key.search;
}

function signedOut(response) {
  // 202 is React Router's redirect answer to a .data request.
  return (
    response.type === "opaqueredirect" || response.redirected || [202, 401, 403].includes(response.status)
  );
}

/** `started`: the clearing count when the day was asked for (a sign-out during the fetch wins). */
async function keepDay(request, response, isDocument, started) {
  const cache = await caches.open(DAYS);
  const key = (isDocument ? "" : "data:") + dayKey(request.url);
  if (started === epoch) await cache.put(key, response.clone());
  if (isDocument && started === epoch) await cache.put(LAST, response.clone());
  // Signed out meanwhile: what was being kept goes too.
  if (started !== epoch) await caches.delete(DAYS);
}

async function offlineCopy(request, isDocument) {
  const cache = await caches.open(DAYS);
  const key = (isDocument ? "" : "data:") + dayKey(request.url);
  const found = (await cache.match(key)) ?? (isDocument ? await cache.match(LAST) : undefined);
  if (!found) return Response.error();
  if (!isDocument) return found;
  const html = (await found.text()).replace(/<html\b/, '<html data-offline-copy=""');
  return new Response(html, { status: found.status, statusText: found.statusText, headers: found.headers });
}

async function networkFirst(event, isDocument) {
  const started = epoch;
  try {
    const response = await fetch(event.request);
    if (signedOut(response)) {
      await clearAll();
    } else if (response.status === 200) {
      event.waitUntil(keepDay(event.request, response.clone(), isDocument, started));
    }
    return response;
  } catch {
    return offlineCopy(event.request, isDocument);
  }
}

async function shellFirst(request) {
  const cache = await caches.open(SHELL);
  const found = await cache.match(request);
  if (found) return found;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/") || SHELL_FILES.includes(url.pathname)) {
    event.respondWith(shellFirst(request));
  } else if (url.pathname === "/crew" && request.mode === "navigate") {
    event.respondWith(networkFirst(event, true));
  } else if (url.pathname === "/crew.data") {
    event.respondWith(networkFirst(event, false));
  }
});

self.addEventListener("message", (event) => {
  const message = event.data ?? {};
  if (message.type === "clear") {
    event.waitUntil(clearAll());
  } else if (message.type === "shell") {
    // What the page loaded before this worker controlled it: its scripts, and the day itself.
    const assets = (message.assets ?? []).filter((href) => {
      const url = new URL(href, self.location.origin);
      return url.origin === self.location.origin && url.pathname.startsWith("/assets/");
    });
    const page = typeof message.page === "string" && message.page.startsWith("/crew") ? message.page : null;
    const started = epoch;
    event.waitUntil(
      Promise.all([
        caches
          .open(SHELL)
          .then((cache) =>
            Promise.all(
              assets.map((href) =>
                cache.match(href).then((hit) => hit ?? cache.add(href).catch(() => undefined)),
              ),
            ),
          ),
        page
          ? fetch(page, { credentials: "same-origin", redirect: "manual" })
              .then((response) => {
                if (signedOut(response)) return clearAll();
                if (response.status === 200)
                  return keepDay(new Request(new URL(page, self.location.origin)), response, true, started);
                return undefined;
              })
              .catch(() => undefined)
          : Promise.resolve(),
      ]),
    );
  }
});
