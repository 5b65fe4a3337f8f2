import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The assistant's conversations (ADR 051): the chat panel's and the SMS ones. `state` holds the
 * history, the proofs given and the summary waiting for Confirmer. Deleted 30 days after their
 * last message by the 'assistant.purge' job; the admin reads them at /admin/conversations.
 */
export const assistantConversations = pgTable(
  "assistant_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'chat' or 'sms'. */
    channel: text("channel").notNull(),
    /** 'guided' or 'model', at the last turn. */
    mode: text("mode").notNull(),
    /** E.164 number of an SMS conversation. */
    phone: text("phone"),
    state: jsonb("state").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("assistant_conversations_updated_idx").on(t.updatedAt),
    index("assistant_conversations_phone_idx").on(t.phone, t.updatedAt),
  ],
);
