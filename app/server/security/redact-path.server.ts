/**
 * The path of a request as the request log writes it (ADR 042): under the account API, only
 * the endpoint's name is kept and every further segment (a reset token in
 * /api/auth/reset-password/<token>, a provider id) becomes [redacted]. The log never holds the
 * query string either (the caller drops it), where tokens also travel.
 */
const AUTH_PREFIX = "/api/auth/";
const REDACTED = "[redacted]";
/** Endpoints whose name has two segments (/sign-in/email); others have one. */
const TWO_SEGMENT = new Set(["sign-in", "sign-up", "admin", "delete-user"]);

export function redactPath(path: string): string {
  if (!path.toLowerCase().startsWith(AUTH_PREFIX)) return path;
  const segments = path.slice(AUTH_PREFIX.length).split("/");
  const keep = TWO_SEGMENT.has(segments[0]!.toLowerCase()) ? 2 : 1;
  return (
    path.slice(0, AUTH_PREFIX.length) +
    segments.map((segment, i) => (i < keep || segment === "" ? segment : REDACTED)).join("/")
  );
}
