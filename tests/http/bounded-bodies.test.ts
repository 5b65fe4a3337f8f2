/**
 * Issue 29 (third outside probe), items 3, 4, 8 and 9 (ADR 067), against the production server on
 * each database: an upload without the admin's session is answered before its body is read, an
 * anonymous client holds at most a few upload bodies open, MCP refuses JSON-RPC batches and counts
 * each tool call, the promo preview of an unknown zone and a typed signature of invisible or
 * control characters answer a French 4xx, and the admin's conversations come a page at a time.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { applicationMessages } from "~/lib/messages/application.fr";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { securityMessages } from "~/lib/messages/security.fr";
import { PHOTO_BODY_MAX_BYTES } from "~/domain/gallery/photos";
import { OPEN_UPLOADS_PER_CLIENT } from "~/server/security/input-bounds.server";
import { MCP_TOOL_CALL_LIMIT } from "~/server/services/assistant/mcp.server";
import {
  CONVERSATION_HISTORY_MAX,
  CONVERSATIONS_PAGE_SIZE,
} from "~/server/services/assistant/conversations.server";
import { APPLICATION_ANSWERS } from "./franchise-application-form";
import { startRolesServer, targets, type RolesFixture } from "./roles-fixture";

const t = securityMessages.inputBounds;
const KB = 1024;
/** Conversations stored before the start: a bit over two pages. */
const CONVERSATIONS = 2 * CONVERSATIONS_PAGE_SIZE + 5;
/** The long conversation stored before the cap existed (issue 29: 590 turns). */
const LONG_MESSAGES = 1180;

interface HeldRequest {
  socket: net.Socket;
  /** The status line's code once it came (0 while none), with what the client had sent then. */
  answer: Promise<{ status: number; text: string; sentBytes: number } | null>;
}

/**
 * Sends the head of a chunked request and `chunk` as its first chunks, and holds the body open
 * (no last chunk). `answer` resolves with the server's answer, or null after `waitMs` without one.
 */
function heldChunkedRequest(port: number, head: string, chunkBytes: number, waitMs = 5_000): HeldRequest {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => undefined);
  const answer = new Promise<{ status: number; text: string; sentBytes: number } | null>((resolve) => {
    let received = "";
    let sentBytes = 0;
    const timer = setTimeout(() => resolve(null), waitMs);
    const done = () => {
      clearTimeout(timer);
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      resolve(
        match
          ? { status: Number(match[1]), text: received.slice(received.indexOf("\r\n\r\n") + 4), sentBytes }
          : null,
      );
    };
    socket.on("data", (chunk: Buffer) => {
      if (received === "") sentBytes = socket.bytesWritten;
      received += chunk.toString("utf8");
      const end = received.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(received.slice(0, end));
      if (end !== -1 && length && Buffer.byteLength(received.slice(end + 4)) >= Number(length[1])) done();
    });
    socket.on("close", done);
  });
  socket.write(head);
  // The first chunks of the body: 16 KB pieces, then nothing more.
  for (let sent = 0; sent < chunkBytes; sent += 16 * KB) {
    socket.write(`${(16 * KB).toString(16)}\r\n${"x".repeat(16 * KB)}\r\n`);
  }
  return { socket, answer };
}

for (const target of targets) {
  describe(`bounded bodies, MCP batches, conversations [${target.name}]`, () => {
    let fixture: RolesFixture;
    let url: string;
    let port: number;

    beforeAll(async () => {
      // TRUST_PROXY=1: each test speaks from its own address (X-Forwarded-For).
      fixture = await startRolesServer(target, { TRUST_PROXY: "1" }, async (db) => {
        // Within the last hours whatever the day: none is old enough for the 30-day purge.
        const base = Date.now() - 2 * CONVERSATIONS * 60_000;
        const history = (n: number) =>
          Array.from({ length: n }, (_, i) => ({
            role: i % 2 === 0 ? "user" : "assistant",
            text: `message ${i}`,
            at: new Date(base).toISOString(),
          }));
        await db.insert(s.assistantConversations).values(
          Array.from({ length: CONVERSATIONS }, (_, i) => ({
            channel: "chat" as const,
            mode: "guided",
            // The newest is the long one.
            state: {
              proofs: {},
              pending: null,
              guided: { flow: "idle", step: "", data: {} },
              history: history(i === CONVERSATIONS - 1 ? LONG_MESSAGES : 2),
              lastChips: [],
            },
            updatedAt: new Date(base + i * 60_000),
          })),
        );
      });
      url = fixture.server.url;
      port = Number(new URL(url).port);
    });

    afterAll(async () => {
      await fixture?.close();
    });

    const head = (path: string, cookie: string, ip: string, type = "multipart/form-data; boundary=zz") =>
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${url}\r\n` +
      `${cookie ? `Cookie: ${cookie}\r\n` : ""}X-Forwarded-For: ${ip}\r\n` +
      `Content-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`;

    it("answers a photo upload without the admin's session before reading its body", async () => {
      const cases = [
        { who: "anonymous", path: "/admin/photos", status: 302 },
        { who: "anonymous", path: "/admin/photos.data", status: 401 },
        { who: "client", path: "/admin/photos", status: 302 },
        { who: "franchisee", path: "/admin/photos.data", status: 403 },
        // The crew's photo upload (ADR 088): the crew role only, checked before the body too.
        { who: "anonymous", path: "/crew/photos", status: 302 },
        { who: "franchisee", path: "/crew/photos", status: 302 },
      ] as const;
      const held = cases.map((c, i) =>
        heldChunkedRequest(port, head(c.path, fixture.cookies[c.who], `10.29.3.${i + 1}`), 256 * KB),
      );
      const answers = await Promise.all(held.map((h) => h.answer));
      for (const [i, c] of cases.entries()) {
        const answer = answers[i];
        expect(answer, `${c.who} ${c.path}`).not.toBeNull();
        expect(answer!.status, `${c.who} ${c.path}`).toBe(c.status);
        // Answered while the client still held the body (256 KB of up to 31 MB sent).
        expect(answer!.sentBytes, `${c.who} ${c.path}`).toBeLessThan(PHOTO_BODY_MAX_BYTES);
        if (c.status !== 302) {
          expect(JSON.parse(answer!.text), `${c.who} ${c.path}`).toEqual({
            success: false,
            code: c.status === 401 ? "UNAUTHORIZED" : "FORBIDDEN",
            error: c.status === 401 ? t.signInRequired : t.forbidden,
          });
        }
      }
      for (const h of held) h.socket.destroy();

      // The admin's own streamed upload is read as before: a form without a file is its 400.
      const form = new FormData();
      form.set("intent", "upload");
      form.set("caption", "Essai");
      const encoded = new Response(form);
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      const admin = await fetch(`${url}/admin/photos.data`, {
        method: "POST",
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes.slice(0, 10));
            controller.enqueue(bytes.slice(10));
            controller.close();
          },
        }),
        duplex: "half",
        headers: {
          "content-type": encoded.headers.get("content-type")!,
          cookie: fixture.cookies.admin,
          origin: url,
          "x-forwarded-for": "10.29.3.9",
        },
      } as RequestInit);
      expect(admin.status).toBe(400);
    });

    it("lets one client address hold only a few application bodies open at once", async () => {
      const ip = "10.29.3.20";
      const held = Array.from({ length: OPEN_UPLOADS_PER_CLIENT }, () =>
        heldChunkedRequest(port, head("/api/franchise-applications", "", ip), 16 * KB, 60_000),
      );
      // The server has taken the held ones (no answer yet) before the next one comes.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const next = heldChunkedRequest(port, head("/api/franchise-applications", "", ip), 16 * KB);
      const refused = await next.answer;
      expect(refused).not.toBeNull();
      expect(refused!.status).toBe(503);
      expect(JSON.parse(refused!.text)).toMatchObject({ code: "TOO_MANY_UPLOADS", error: t.tooManyUploads });
      // Another address is not held back.
      const other = await fetch(`${url}/api/franchise-applications`, {
        method: "POST",
        body: JSON.stringify({ first_name: "Léa" }),
        headers: { "content-type": "application/json", origin: url, "x-forwarded-for": "10.29.3.21" },
      });
      expect(other.status).toBe(400);
      // Once the held bodies are dropped, the address may send again.
      for (const h of held) h.socket.destroy();
      await expect
        .poll(
          async () =>
            (
              await fetch(`${url}/api/franchise-applications`, {
                method: "POST",
                body: JSON.stringify({ first_name: "Léa" }),
                headers: { "content-type": "application/json", origin: url, "x-forwarded-for": ip },
              })
            ).status,
          { timeout: 10_000, interval: 200 },
        )
        .toBe(400);
    });

    const mcp = (body: unknown, ip: string) =>
      fetch(`${url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "x-forwarded-for": ip,
        },
        body: JSON.stringify(body),
      });
    const toolCall = (id: number, name = "get_prices", args: Record<string, unknown> = {}) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name, arguments: args },
    });

    it("refuses JSON-RPC batches on /mcp, in French, and /healthz stays quick meanwhile", async () => {
      const batch = Array.from({ length: 100 }, (_, i) =>
        toolCall(i + 1, "list_slots", { zone: "granby", cars: 1 }),
      );
      const started = performance.now();
      const health = (async () => {
        const at = performance.now();
        const res = await fetch(`${url}/healthz`);
        return { status: res.status, ms: performance.now() - at };
      })();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          mcp(batch, `10.29.4.${i + 1}`).then(async (res) => ({
            status: res.status,
            body: (await res.json()) as { error: { code: number; message: string } },
          })),
        ),
      );
      const healthz = await health;
      console.log(
        `MCP batches [${target.name}]: 8 x 100 calls answered in ${Math.round(performance.now() - started)} ms, /healthz in ${Math.round(healthz.ms)} ms`,
      );
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body.error).toEqual({ code: -32600, message: assistantMessages.mcp.batchRefused });
      }
      expect(healthz.status).toBe(200);
      expect(healthz.ms).toBeLessThan(1_000);
      // One message per request still works.
      const single = await mcp(toolCall(1), "10.29.4.20");
      expect(single.status).toBe(200);
      expect(
        ((await single.json()) as { result: { structuredContent: { ok: boolean } } }).result,
      ).toMatchObject({
        structuredContent: { ok: true },
      });
    });

    it("counts each MCP tool call against the address's limit, read tools included", async () => {
      const ip = "10.29.4.30";
      const result = async (id: number) =>
        (
          (await (await mcp(toolCall(id), ip)).json()) as {
            result: { structuredContent: Record<string, unknown> };
          }
        ).result.structuredContent;
      for (let i = 1; i <= MCP_TOOL_CALL_LIMIT.max; i++) {
        expect((await result(i)).ok, `call ${i}`).toBe(true);
      }
      expect(await result(MCP_TOOL_CALL_LIMIT.max + 1)).toMatchObject({
        ok: false,
        code: "RATE_LIMITED",
        message: assistantMessages.mcp.toolCallsLimited,
      });
      // Another address keeps its own count.
      expect(
        (
          (await (await mcp(toolCall(1), "10.29.4.31")).json()) as {
            result: { structuredContent: { ok: boolean } };
          }
        ).result.structuredContent.ok,
      ).toBe(true);
    });

    it("answers the promo preview of an unknown zone 404 in French", async () => {
      const res = await fetch(`${url}/booking/granby.data`, {
        method: "POST",
        body: new URLSearchParams({
          intent: "promo",
          zone: "zone-inexistante",
          cars: "1",
          promoCode: "BIENVENUE",
        }),
        headers: { origin: url, "x-forwarded-for": "10.29.8.1" },
      });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(bookingMessages.zoneNotFound);
    });

    it("refuses a typed signature of invisible or control characters with a French 400", async () => {
      const apply = (signatureName: string, n: number) =>
        fetch(`${url}/api/franchise-applications`, {
          method: "POST",
          body: JSON.stringify({
            ...APPLICATION_ANSWERS,
            email: `signature-${n}-${target.name}@example.com`,
            signature_name: signatureName,
          }),
          headers: {
            "content-type": "application/json",
            origin: url,
            "x-forwarded-for": `10.29.8.${n + 10}`,
          },
        });
      const e = applicationMessages.errors;
      for (const [n, name] of ["\u200B\u200B\u200B", "\u200D\uFEFF \u2060", "\u202E\u200E"].entries()) {
        const res = await apply(name, n);
        expect(res.status, JSON.stringify(name)).toBe(400);
        expect(await res.json(), JSON.stringify(name)).toMatchObject({ error: e.signatureMissing });
      }
      for (const [n, name] of ["Léa\u0000Tremblay", "\u0000", "Léa\u0007"].entries()) {
        const res = await apply(name, n + 5);
        expect(res.status, JSON.stringify(name)).toBe(400);
        expect(await res.json(), JSON.stringify(name)).toMatchObject({ error: e.typedSignatureInvalid });
      }
      // A real name with a zero-width space inside is drawn and saved.
      const saved = await apply("Léa\u200B Tremblay", 9);
      expect(saved.status).toBe(201);
    });

    it("shows the admin's conversations a page at a time, each capped to its last messages", async () => {
      const page = async (query: string) => {
        const res = await fetch(`${url}/admin/conversations${query}`, {
          headers: { cookie: fixture.cookies.admin },
        });
        expect(res.status).toBe(200);
        return res.text();
      };
      const first = await page("");
      const pages = Math.ceil(CONVERSATIONS / CONVERSATIONS_PAGE_SIZE);
      expect(first).toContain(assistantMessages.admin.page(1, pages));
      expect(first.match(/<details/g)?.length).toBe(CONVERSATIONS_PAGE_SIZE);
      // The long conversation is the newest: only its last messages are shown.
      expect(first).toContain(assistantMessages.admin.count(CONVERSATION_HISTORY_MAX));
      expect(first).toContain(`message ${LONG_MESSAGES - 1}<`);
      expect(first).not.toContain(`message ${LONG_MESSAGES - CONVERSATION_HISTORY_MAX - 1}<`);
      console.log(`admin conversations [${target.name}]: first page ${Math.round(first.length / KB)} KB`);
      expect(first.length).toBeLessThan(200 * KB);
      const last = await page(`?page=${pages}`);
      expect(last).toContain(assistantMessages.admin.page(pages, pages));
      expect(last.match(/<details/g)?.length).toBe(CONVERSATIONS - (pages - 1) * CONVERSATIONS_PAGE_SIZE);
      // A page past the end, or not a number, is the nearest page.
      expect(await page("?page=999")).toContain(assistantMessages.admin.page(pages, pages));
      expect(await page("?page=abc")).toContain(assistantMessages.admin.page(1, pages));
    });
  });
}
