import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { requireRole } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { listConversations } from "~/server/services/assistant/conversations.server";
import type { Route } from "./+types/conversations";
import { formatDateTime } from "~/lib/format";

const t = assistantMessages.admin;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** The assistant's conversations of the last 30 days, newest first (ADR 051); admin only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["admin"]);
  return { conversations: await listConversations(getDb(), { limit: 50 }) };
}

export default function Conversations({ loaderData }: Route.ComponentProps) {
  const { conversations } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t.title} description={t.description} />
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
    </div>
  );
}
