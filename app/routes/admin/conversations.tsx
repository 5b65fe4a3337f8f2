import { Link } from "react-router";
import { z } from "~/lib/zod-fr";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import {
  CONVERSATION_HISTORY_MAX,
  listConversations,
} from "~/server/services/assistant/conversations.server";
import type { Route } from "./+types/conversations";
import { formatDateTime } from "~/domain/time/format-instant";

const t = assistantMessages.admin;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** ?page=2: a page number, the first page for anything else. */
const PageQuery = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/**
 * The assistant's conversations of the last 30 days, newest first (ADR 051), a page of
 * CONVERSATIONS_PAGE_SIZE at a time (ADR 067); admin only.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireRole({ request, url }, ["admin"]);
  const page = PageQuery.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  return { ...(await listConversations(getDb(), { page })), historyMax: CONVERSATION_HISTORY_MAX };
}

function Pager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={t.pagesLabel} className="flex flex-wrap items-center gap-3 text-sm">
      {page > 1 ? (
        <Link
          to={`?page=${page - 1}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t.newer}
        </Link>
      ) : null}
      <span className="text-muted-foreground tabular-nums">{t.page(page, pages)}</span>
      {page < pages ? (
        <Link
          to={`?page=${page + 1}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t.older}
        </Link>
      ) : null}
    </nav>
  );
}

export default function Conversations({ loaderData }: Route.ComponentProps) {
  const { conversations, page, pages, historyMax } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t.title} description={`${t.description} ${t.historyCap(historyMax)}`} />
      <Pager page={page} pages={pages} />
      {conversations.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {conversations.map((conversation) => (
            <li key={conversation.id} className="rounded-lg border">
              <details>
                <summary className="cursor-pointer p-4 text-sm">
                  <span className="font-medium">{conversation.channel === "sms" ? t.sms : t.chat}</span>
                  {conversation.phone ? ` · ${conversation.phone}` : ""} · {t.mode(conversation.mode)} ·{" "}
                  {formatDateTime(conversation.updatedAt, "medium")} · {t.count(conversation.history.length)}
                </summary>
                <ol className="flex flex-col gap-2 border-t p-4 text-sm">
                  {conversation.history.map((entry, index) => (
                    <li key={index} className="break-words whitespace-pre-line">
                      <span className="font-medium">
                        {entry.role === "user"
                          ? assistantMessages.panel.you
                          : assistantMessages.panel.assistant}{" "}
                        :
                      </span>{" "}
                      {entry.text}
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} />
    </div>
  );
}
