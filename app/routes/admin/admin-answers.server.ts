import { redirect } from "react-router";
import { flashHeaders } from "~/server/flash.server";
import { adminMessages } from "~/lib/messages/admin.fr";
import type { ErrorTexts } from "~/domain/errors/error-text";
import { failureOf, type Failure } from "~/server/http/failure.server";

/**
 * After a successful admin action: back to the page (or `to`) with a toast (post/redirect/get).
 * `url` is the action's normalised one (React Router's `url` argument, without `.data`).
 */
export async function redirectWithToast(
  url: URL,
  title: string,
  { to, variant = "default" }: { to?: string; variant?: "default" | "destructive" } = {},
): Promise<never> {
  throw redirect(to ?? `${url.pathname}${url.search}`, {
    headers: await flashHeaders({ title, variant }),
  });
}

/**
 * A failure of an admin use case as French text and a status for the form (the one failure path,
 * ADR 059), "not found" in the back office's words; `texts` are the page's own.
 */
export function adminFailure(error: unknown, texts: ErrorTexts = {}): Failure {
  return failureOf(error, { NOT_FOUND: adminMessages.common.notFound, ...texts });
}
