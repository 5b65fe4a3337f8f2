import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { describeDatabases } from "../../../../tests/setup/db";
import {
  CONVERSATION_HISTORY_MAX,
  CONVERSATIONS_PAGE_SIZE,
  converse,
  listConversations,
} from "./conversations.server";
import type { ConversationState } from "./conversation-state.server";

const NOW = new Date("2026-03-06T08:00:00-05:00");

describeDatabases("assistant conversations, bounded (issue 29, ADR 067)", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
  });

  it("keeps only the last messages of a long conversation", async () => {
    // Each turn stores two messages (the customer's, the answer): well past the cap.
    const turns = CONVERSATION_HISTORY_MAX / 2 + 15;
    let conversationId: string | undefined;
    for (let i = 0; i < turns; i++) {
      const turn = await converse(db(), {
        channel: "chat",
        conversationId,
        ip: "10.29.9.1",
        input: { text: `question ${i}` },
        model: null,
        now: () => NOW,
      });
      conversationId = turn.conversationId;
    }
    const [row] = await db()
      .select()
      .from(s.assistantConversations)
      .where(eq(s.assistantConversations.id, conversationId!));
    const history = (row!.state as ConversationState).history;
    expect(history).toHaveLength(CONVERSATION_HISTORY_MAX);
    // The newest are kept, the oldest dropped, in order.
    expect(history.at(-2)).toMatchObject({ role: "user", text: `question ${turns - 1}` });
    expect(history.at(-1)).toMatchObject({ role: "assistant" });
    expect(history[0]).toMatchObject({
      role: "user",
      text: `question ${turns - CONVERSATION_HISTORY_MAX / 2}`,
    });
    expect(history.some((entry) => entry.text === "question 0")).toBe(false);
  });

  it("lists the conversations a page at a time, newest first", async () => {
    const before = await listConversations(db());
    await db()
      .insert(s.assistantConversations)
      .values(
        Array.from({ length: CONVERSATIONS_PAGE_SIZE + 3 }, (_, i) => ({
          channel: "sms",
          mode: "guided",
          phone: `+1450555${String(1000 + i)}`,
          state: { history: [] },
          updatedAt: new Date(NOW.getTime() + (i + 1) * 60_000),
        })),
      );
    const total = before.total + CONVERSATIONS_PAGE_SIZE + 3;
    const first = await listConversations(db());
    expect(first).toMatchObject({ page: 1, pages: Math.ceil(total / CONVERSATIONS_PAGE_SIZE), total });
    expect(first.conversations).toHaveLength(CONVERSATIONS_PAGE_SIZE);
    expect(first.conversations[0]!.phone).toBe(`+1450555${1000 + CONVERSATIONS_PAGE_SIZE + 2}`);
    const second = await listConversations(db(), { page: 2 });
    expect(second.conversations).toHaveLength(total - CONVERSATIONS_PAGE_SIZE);
    // No conversation on two pages; a page past the end is the last one.
    const ids = new Set(first.conversations.map((c) => c.id));
    expect(second.conversations.some((c) => ids.has(c.id))).toBe(false);
    expect((await listConversations(db(), { page: 50 })).page).toBe(first.pages);
  });

  it("the admin's log shows the customer's words, never a button's value (issue 33, item 6)", async () => {
    // A new conversation whose first message is the welcome's "Réserver" button.
    const first = await converse(db(), {
      channel: "chat",
      ip: "10.33.6.1",
      input: { choice: "book" },
      model: null,
      now: () => NOW,
    });
    // A row stored before the labels were kept: its values are shown as words.
    const later = new Date(NOW.getTime() + 3_600_000);
    await db()
      .insert(s.assistantConversations)
      .values({
        channel: "chat",
        mode: "guided",
        state: {
          history: [
            { role: "user", text: "book", at: NOW.toISOString() },
            { role: "user", text: "slot:2026-03-09T09:30:00-04:00", at: NOW.toISOString() },
            { role: "user", text: "cars:2", at: NOW.toISOString() },
            { role: "user", text: "jeudi après-midi", at: NOW.toISOString() },
          ],
        },
        updatedAt: later,
      });
    const { conversations } = await listConversations(db(), { pageSize: 100 });
    const texts = (id?: string) =>
      conversations
        .find((c) => (id ? c.id === id : c.updatedAt === later.toISOString()))!
        .history.map((h) => h.text);
    expect(texts(first.conversationId)[0]).toBe("Réserver");
    expect(texts()).toEqual(["Réserver", "lundi 9 mars, 9 h 30", "2 véhicules", "jeudi après-midi"]);
  });
});
