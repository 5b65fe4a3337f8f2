/** What the services read from a database error. */

/** The SQLSTATE of a database error, looking through wrapping errors (drizzle's `cause`). */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  while (e && typeof e === "object") {
    if ("code" in e && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = "cause" in e ? e.cause : undefined;
  }
  return undefined;
}
