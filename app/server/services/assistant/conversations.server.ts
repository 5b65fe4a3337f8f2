/**
 * The assistant's stored conversations (ADR 051): one turn reads the state, runs the engine and
 * writes the state back. Kept 30 days after the last message ('assistant.purge').
 */
import { and, count, desc, eq, gte, lt } from "drizzle-orm";
import { assistantConversations } from "#db/schema";
import type { Db } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { assistantMode, runTurn } from "./engine.server";
import { choiceLabel, isChoiceValue } from "./chip-labels.server";
import {
  newConversationState,
  type AssistantReply,
  type ConversationState,
  type TurnInput,
} from "./conversation-state.server";
import type { LanguageModel } from "ai";

export const CONVERSATION_RETENTION_DAYS = 30;
/**
 * Messages kept per conversation (ADR 067): the last 50 turns (a customer's message and the
 * answer). Older ones are dropped when a turn is saved, so that a conversation's row, and the
 * admin's page showing it, stay bounded however long it goes on.
 */
export const CONVERSATION_HISTORY_MAX = 100;
/** Conversations per page of the admin's list. */
export const CONVERSATIONS_PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a string is a UUID (a conversation id from a browser is not trusted). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadConversation(
  db: Db,
  where: { id?: string; phone?: string; channel: "chat" | "sms" },
  now: Date,
): Promise<{ id: string | null; state: ConversationState }> {
  const since = new Date(now.getTime() - CONVERSATION_RETENTION_DAYS * DAY_MS);
  const condition =
    where.id !== undefined
      ? UUID.test(where.id)
        ? eq(assistantConversations.id, where.id)
        : undefined
      : where.phone !== undefined
        ? eq(assistantConversations.phone, where.phone)
        : undefined;
  if (!condition) return { id: null, state: newConversationState() };
  const [row] = await db
    .select({ id: assistantConversations.id, state: assistantConversations.state })
    .from(assistantConversations)
    .where(
      and(
        condition,
        eq(assistantConversations.channel, where.channel),
        gte(assistantConversations.updatedAt, since),
      ),
    )
    .orderBy(desc(assistantConversations.updatedAt))
    .limit(1);
  return row
    ? { id: row.id, state: row.state as ConversationState }
    : { id: null, state: newConversationState() };
}

/** One turn of a stored conversation: the answer, and the conversation's id for the next one. */
export async function converse(
  db: Db,
  options: {
    channel: "chat" | "sms";
    conversationId?: string;
    phone?: string;
    ip: string;
    input: TurnInput;
    model?: LanguageModel | null;
    onText?: (delta: string) => void;
    now?: () => Date;
  },
): Promise<{ conversationId: string; reply: AssistantReply }> {
  const now = options.now ?? (() => new Date());
  const found = await loadConversation(
    db,
    { id: options.conversationId, phone: options.phone, channel: options.channel },
    now(),
  );
  const reply = await runTurn({
    db,
    ip: options.ip,
    now,
    state: found.state,
    input: options.input,
    model: options.model,
    onText: options.onText,
  });
  if (found.state.history.length > CONVERSATION_HISTORY_MAX) {
    found.state.history = found.state.history.slice(-CONVERSATION_HISTORY_MAX);
  }
  const mode = options.model === undefined ? assistantMode() : options.model ? "model" : "guided";
  const values = { state: found.state, mode, updatedAt: now() };
  if (found.id) {
    await db.update(assistantConversations).set(values).where(eq(assistantConversations.id, found.id));
    return { conversationId: found.id, reply };
  }
  const [row] = await db
    .insert(assistantConversations)
    .values({ ...values, channel: options.channel, phone: options.phone ?? null })
    .returning({ id: assistantConversations.id });
  // One purge job waits at all times while conversations exist (it queues the next itself).
  await enqueue(
    db,
    "assistant.purge",
    {},
    { singletonKey: "assistant.purge", runAt: new Date(now().getTime() + DAY_MS) },
  );
  return { conversationId: row!.id, reply };
}

/** Deletes the conversations idle for 30 days; queues the next run while some remain. */
export async function purgeConversations(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(assistantConversations)
    .where(
      lt(assistantConversations.updatedAt, new Date(now.getTime() - CONVERSATION_RETENTION_DAYS * DAY_MS)),
    )
    .returning({ id: assistantConversations.id });
  const [left] = await db.select({ id: assistantConversations.id }).from(assistantConversations).limit(1);
  if (left) {
    await enqueue(
      db,
      "assistant.purge",
      {},
      {
        singletonKey: `assistant.purge:${now.toISOString().slice(0, 10)}`,
        runAt: new Date(now.getTime() + DAY_MS),
      },
    );
  }
  return deleted.length;
}

/**
 * One page of the admin's list (1 = the newest), newest first, with their messages (at most
 * CONVERSATION_HISTORY_MAX each, even for a row stored before the cap), and the page count.
 */
export async function listConversations(
  db: Db,
  { page = 1, pageSize = CONVERSATIONS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(assistantConversations);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = await db
    .select()
    .from(assistantConversations)
    .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return {
    page: current,
    pages,
    total,
    conversations: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      mode: row.mode,
      phone: row.phone,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      // The customer's words, also in rows stored when a button's value ('book') was kept.
      history: ((row.state as ConversationState).history ?? [])
        .slice(-CONVERSATION_HISTORY_MAX)
        .map((entry) =>
          entry.role === "user" && isChoiceValue(entry.text)
            ? { ...entry, text: choiceLabel(entry.text) }
            : entry,
        ),
    })),
  };
}
