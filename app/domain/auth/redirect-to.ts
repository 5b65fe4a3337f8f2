/**
 * Where a person goes after signing in or up (ADR 042, ADR 066): a page of this site given as
 * `?redirectTo=`, or their space. What is checked is the final, resolved path a browser will
 * follow (after `..`, `.` and percent-decoding of dots), not the text as typed: it must be a
 * path of this origin that a browser resolving it once more keeps on this origin (no `//`, no
 * backslash, no control character, no encoded slash or backslash at any decoding depth), and
 * never the sign-in pages themselves nor the API.
 */
const MAX_LENGTH = 512;
const BASE = "http://redirect.invalid";
/** Controls (tabs and newlines are dropped by URL parsers, so "/\t/evil" = "//evil") and backslashes. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}
/** An encoded slash or backslash: a layer that decodes the path once more would see `//` or `\`. */
const ENCODED_SEPARATOR = /%(2f|5c)/i;
const DECODING_DEPTH = 4;

/** A path starting with exactly one slash, with no character a URL parser drops or reinterprets. */
function isPlainPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !hasUnsafeCharacter(value);
}

/** The pathname after each percent-decoding, up to a few layers deep (null: not decodable). */
function decodings(pathname: string): string[] | null {
  const layers = [pathname];
  let current = pathname;
  for (let i = 0; i < DECODING_DEPTH && current.includes("%"); i++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      return null;
    }
    layers.push(current);
  }
  return layers;
}

/**
 * The resolved path of this site `value` names, or null when it is anything else: another
 * origin, a scheme, or a path that could become one on a second reading.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!isPlainPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The resolved path itself, as the browser reads the Location header ("/..//x" is "//x").
  if (!isPlainPath(path)) return null;
  const layers = decodings(url.pathname);
  if (!layers) return null;
  for (const layer of layers) {
    if (ENCODED_SEPARATOR.test(layer) || !isPlainPath(layer)) return null;
    const again = new URL(layer, BASE);
    if (again.origin !== BASE || !isPlainPath(again.pathname)) return null;
  }
  // Read once more, the answer is the same: nothing left for a second resolution to change.
  if (new URL(path, BASE).href !== url.href) return null;
  return path;
}

export function safeRedirectPath(value: unknown): string | null {
  const path = sameSitePath(value);
  if (path === null) return null;
  const pathname = decodings(new URL(path, BASE).pathname)!.at(-1)!.toLowerCase();
  if (pathname === "/auth" || pathname.startsWith("/auth/") || pathname.startsWith("/api/")) return null;
  return path;
}

/**
 * A confirmation link that would land on the site's root (a link sent again to an unconfirmed
 * account that signed in through the API with no `callbackURL`) lands on /auth?verified=1, as
 * the forms' links do: that page sends a reader whose password was erased (ADR 066) to choose
 * one, and anyone else on to their space. Any other landing is kept.
 */
export function landingOnAuth(url: string): string {
  const link = new URL(url);
  const landing = link.searchParams.get("callbackURL");
  if (landing === null || landing === "" || landing === "/")
    link.searchParams.set("callbackURL", "/auth?verified=1");
  return link.toString();
}
