/**
 * Where a person goes after signing in or up (ADR 042): a page of this site given as
 * `?redirectTo=`, or their space. Only a relative path is accepted (no scheme, no host, no
 * `//` or backslash that a browser would read as another site), never the sign-in pages
 * themselves nor the API.
 */
const MAX_LENGTH = 512;
const BASE = "http://redirect.invalid";

export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  // Control characters (tabs and newlines are dropped by URL parsers, so "/\t/evil" = "//evil").
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path === "/auth" || path.startsWith("/auth/") || path.startsWith("/auth?") || path.startsWith("/api/"))
    return null;
  return path;
}
