import { redirect } from "react-router";
import { AdminError, type AdminErrorCode } from "~/domain/admin/errors";
import { flashHeaders } from "~/server/flash.server";
import { adminMessages } from "~/lib/messages/admin.fr";

/** After a successful admin action: back to the page (or `to`) with a toast (post/redirect/get). */
export async function redirectWithToast(
  request: Request,
  title: string,
  { to, variant = "default" }: { to?: string; variant?: "default" | "destructive" } = {},
): Promise<never> {
  const url = new URL(request.url);
  throw redirect(to ?? `${url.pathname}${url.search}`, {
    headers: await flashHeaders({ title, variant }),
  });
}

/**
 * An expected failure of an admin use case, as French text and a status for the form; anything
 * else is rethrown (the error boundary shows the generic message and the server logs it).
 */
export function adminFailure(
  error: unknown,
  texts: Partial<Record<AdminErrorCode, string>> = {},
): { message: string; status: number } {
  if (!(error instanceof AdminError)) throw error;
  const message =
    texts[error.code] ??
    (error.code === "NOT_FOUND" ? adminMessages.common.notFound : adminMessages.common.conflict);
  return { message, status: error.status };
}
