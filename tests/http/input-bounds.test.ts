/**
 * Input bounds and the demo-mode guard (issue 21, items 1 and 2; ADR 041), against the
 * production server on each database: an over-long or too-deep URL is answered 414 and an
 * over-large body 413 before React Router or a body parser runs (the body is still held back by
 * the client when the answer comes), /healthz is answered meanwhile, no answer echoes the
 * request, demo mode refuses a public PUBLIC_URL, and the demo tools answer loopback only.
 */
import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_MAX_BYTES } from "~/server/security/input-bounds.server";
import { startServer, type RunningServer } from "./server";
import { securityMessages } from "~/lib/messages/security.fr";

const t = securityMessages.inputBounds;
const targets = [{ name: "pglite" }, ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" }] : [])];
const MB = 1024 * 1024;

/** The machine's own non-loopback IPv4 address: a socket from it is not loopback. */
const OUTSIDE_IP = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

interface RawAnswer {
  status: number;
  text: string;
}

/**
 * Sends `head` (request line and headers) and `body` on a raw socket, and does NOT end the
 * request: a request whose body is held back. Resolves with the answer once the server has
 * sent it and closed the connection (every refusal here closes it), or once a Content-Length
 * answer is complete.
 */
function rawRequest(
  port: number,
  head: string,
  body: Buffer | string = "",
  onStatus?: (status: number) => void,
): { answer: Promise<RawAnswer>; socket: net.Socket } {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => undefined);
  const answer = new Promise<RawAnswer>((resolve) => {
    let received = "";
    let status = 0;
    const done = () => {
      resolve({ status, text: received.slice(received.indexOf("\r\n\r\n") + 4) });
      socket.destroy();
    };
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (status === 0) {
        const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
        if (match) {
          status = Number(match[1]);
          onStatus?.(status);
        }
      }
      const end = received.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(received.slice(0, end));
      if (end !== -1 && length && Buffer.byteLength(received.slice(end + 4)) >= Number(length[1])) done();
    });
    socket.on("close", done);
  });
  socket.write(head);
  if (body.length > 0) socket.write(body);
  return { answer, socket };
}

function waitForExit(server: RunningServer): Promise<number | null> {
  const child = server.process;
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

for (const target of targets) {
  describe(`input bounds and demo mode [${target.name}]`, () => {
    let server: RunningServer;
    let port: number;
    let cleanup: (() => Promise<void>) | undefined;
    let databaseUrl: string | undefined;

    beforeAll(async () => {
      // HOST 0.0.0.0: the server also answers on the machine's own address, a non-loopback
      // socket; TRUST_PROXY=1: X-Forwarded-For is believed for the client address, and still must
      // not open the demo tools.
      const env: Record<string, string> = { DEMO_ACCOUNTS: "1", TRUST_PROXY: "1", HOST: "0.0.0.0" };
      if (target.name === "postgres") {
        const { createPostgresDatabase } = await import("./postgres");
        const created = await createPostgresDatabase();
        env.DATABASE_URL = created.url;
        databaseUrl = created.url;
        cleanup = created.drop;
      }
      server = await startServer(env);
      port = Number(new URL(server.url).port);
    });

    afterAll(async () => {
      await server?.stop();
      await cleanup?.();
    });

    it("answers a 15 KB path, a deep path and 1 MB bodies 414/413 while the bodies are still held, and /healthz meanwhile", async () => {
      // All sent at the same moment. The two bodies are never completed: an answer that waited
      // for them (a body parser, or React Router reading the request) would never come.
      const order: string[] = [];
      const sentWhenAnswered: Record<string, number> = {};
      const deepPath = `/${"a/".repeat(7_500)}`; // 15 KB, 7,500 segments
      const host = `Host: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n`;
      const requests: Record<string, ReturnType<typeof rawRequest>> = {};
      const send = (name: string, head: string, body: string = "") => {
        requests[name] = rawRequest(port, head, body, () => {
          order.push(name);
          sentWhenAnswered[name] = requests[name]!.socket.bytesWritten;
        });
      };
      send("longPath", `GET ${deepPath} HTTP/1.1\r\n${host}\r\n`);
      send("deepPath", `GET ${"/b".repeat(200)} HTTP/1.1\r\n${host}\r\n`);
      // 1 MB declared, 1 KB sent.
      send(
        "declared",
        `POST /api/contact HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: ${MB}\r\n\r\n`,
        `{"message":"${"x".repeat(1000)}`,
      );
      // A streamed body: two 64 KB chunks, no last chunk: refused by counting what arrives.
      send(
        "streamed",
        `POST /api/auth/sign-up/email HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        Array.from({ length: 2 }, () => `${(64 * 1024).toString(16)}\r\n${"y".repeat(64 * 1024)}\r\n`).join(
          "",
        ),
      );
      send("healthz", `GET /healthz HTTP/1.1\r\n${host}Connection: close\r\n\r\n`);
      const answers = Object.fromEntries(
        await Promise.all(Object.entries(requests).map(async ([name, r]) => [name, await r.answer] as const)),
      );
      console.log(`input bounds [${target.name}]: order of answers ${order.join(", ")}`);
      expect([...order].sort()).toEqual(["declared", "deepPath", "healthz", "longPath", "streamed"]);
      // Answered before the client had sent its 1 MB: nothing read the body first.
      expect(sentWhenAnswered.declared!).toBeLessThan(MB);
      expect(sentWhenAnswered.streamed!).toBeLessThan(MB);

      expect(answers.healthz!.status).toBe(200);
      for (const name of ["longPath", "deepPath"]) {
        expect(answers[name]!.status, name).toBe(414);
        // The server's own answer, not React Router's 404 page.
        expect(JSON.parse(answers[name]!.text), name).toEqual({
          success: false,
          code: "URI_TOO_LONG",
          error: t.urlTooLong,
        });
      }
      for (const name of ["declared", "streamed"]) {
        expect(answers[name]!.status, name).toBe(413);
        expect(JSON.parse(answers[name]!.text), name).toEqual({
          success: false,
          code: "PAYLOAD_TOO_LARGE",
          error: t.bodyTooLarge,
        });
      }
    });

    it("refuses 1 MB bodies whole (JSON, form, page navigation) and keeps the upload's own limit", async () => {
      const post = (path: string, body: string, type: string, accept = "*/*") =>
        fetch(`${server.url}${path}`, {
          method: "POST",
          body,
          headers: { "content-type": type, origin: server.url, accept },
        });
      const big = "z".repeat(MB);
      const json = await post(
        "/api/auth/sign-up/email",
        JSON.stringify({ name: big, email: "a@example.com", password: "Motdepasse123!" }),
        "application/json",
      );
      expect(json.status).toBe(413);
      expect(await json.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", error: t.bodyTooLarge });
      const page = await post(
        "/auth",
        `intent=sign-in&email=${big}`,
        "application/x-www-form-urlencoded",
        "text/html",
      );
      expect(page.status).toBe(413);
      expect(page.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await page.text()).toContain(t.bodyTooLarge);
      // Just over the limit is refused; the application upload reads up to its own limit (ADR 076).
      const over = await post(
        "/api/contact",
        JSON.stringify({ message: "m".repeat(BODY_MAX_BYTES) }),
        "application/json",
      );
      expect(over.status).toBe(413);
      const application = await post(
        "/api/franchise-applications",
        JSON.stringify({ first_name: "Léa", vehicle_info: "v".repeat(200 * 1024) }),
        "application/json",
      );
      expect(application.status).toBe(400);
      expect(((await application.json()) as { code: string }).code).toBe("VALIDATION");
    });

    it("hands a streamed body within the limit to the action unchanged", async () => {
      const stream = (text: string) =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            const bytes = new TextEncoder().encode(text);
            // Three chunks: the body arrives chunked, without a Content-Length.
            for (let i = 0; i < 3; i++)
              controller.enqueue(bytes.slice((i * bytes.length) / 3, ((i + 1) * bytes.length) / 3));
            controller.close();
          },
        });
      const contact = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        body: stream(
          JSON.stringify({
            name: "Léa Tremblay",
            email: "lea.flux@example.com",
            message: "Bonjour, une question sur le lavage à domicile.",
          }),
        ),
        duplex: "half",
        headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": "10.9.0.1" },
      } as RequestInit);
      expect(contact.status).toBe(200);
      expect(await contact.json()).toEqual({ success: true });
      // A page action reads a streamed form the same way (a refused sign-in, in French).
      const signIn = await fetch(`${server.url}/auth`, {
        method: "POST",
        body: stream("intent=sign-in&email=personne%40example.com&password=Mauvais123!"),
        duplex: "half",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          "x-forwarded-for": "10.9.0.2",
        },
      } as RequestInit);
      expect(signIn.status).toBe(401);
    });

    it("does not echo the request in a refusal", async () => {
      const marker = "ÉCHO-7f3a9c-<b>gras</b>";
      for (const [type, body] of [
        [
          "application/json",
          JSON.stringify({ name: marker, email: marker, phone: marker, message: "", extra: marker }),
        ],
        [
          "application/x-www-form-urlencoded",
          new URLSearchParams({ name: marker, email: marker, extra: marker }).toString(),
        ],
      ] as const) {
        const res = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          body,
          headers: { "content-type": type, origin: server.url, "x-forwarded-for": "10.9.0.3" },
        });
        expect(res.status, type).toBe(400);
        const text = await res.text();
        expect(text, type).not.toContain("ÉCHO-7f3a9c");
        expect(JSON.parse(text), type).toMatchObject({ success: false, error: expect.any(String) });
      }
      const application = await fetch(`${server.url}/api/franchise-applications`, {
        method: "POST",
        body: JSON.stringify({ first_name: marker, email: "pas-un-courriel" }),
        headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": "10.9.0.4" },
      });
      expect(application.status).toBe(400);
      expect(await application.text()).not.toContain("ÉCHO-7f3a9c");
    });

    it("opens /dev/mail, the test login and the unsigned SMS callback to loopback only", async () => {
      const sms = (base: string, headers: Record<string, string> = {}) =>
        fetch(`${base}/api/sms/inbound`, {
          method: "POST",
          body: new URLSearchParams({ From: "+14505550177", Body: "AIDE" }),
          headers,
        });
      // From loopback (this machine's 127.0.0.1): the demo tools answer.
      expect((await fetch(`${server.url}/dev/mail`)).status).toBe(200);
      const setup = await fetch(`${server.url}/api/setup-test-users`, {
        method: "POST",
        body: JSON.stringify({ role: "client" }),
        headers: { "content-type": "application/json", origin: server.url },
      });
      expect(setup.status).toBe(200);
      expect(await (await fetch(`${server.url}/auth`)).text()).toContain("Connexion test (développement)");
      expect((await sms(server.url)).status).toBe(200);

      if (!OUTSIDE_IP) {
        console.log(
          "input bounds: no non-loopback address on this machine, the outside case is unit-tested only",
        );
        return;
      }
      // From the machine's own network address: not loopback, whatever X-Forwarded-For claims.
      const outside = `http://${OUTSIDE_IP}:${port}`;
      const claim = { "x-forwarded-for": "127.0.0.1" };
      for (const path of ["/dev/mail", "/dev/mail/x", "/dev/mail/x/html", "/api/setup-test-users"]) {
        expect((await fetch(`${outside}${path}`, { headers: claim })).status, path).toBe(404);
      }
      const outsideSetup = await fetch(`${outside}/api/setup-test-users`, {
        method: "POST",
        body: JSON.stringify({ role: "admin" }),
        headers: { "content-type": "application/json", origin: outside, ...claim },
      });
      expect(outsideSetup.status).toBe(404);
      const authPage = await (await fetch(`${outside}/auth`, { headers: claim })).text();
      expect(authPage).not.toContain("Connexion test (développement)");
      const testLogin = await fetch(`${outside}/auth`, {
        method: "POST",
        body: new URLSearchParams({ intent: "test-login", role: "admin" }),
        redirect: "manual",
        headers: { origin: outside, ...claim },
      });
      expect(testLogin.status).toBe(404);
      expect(testLogin.headers.getSetCookie().join(";")).not.toContain("session_token");
      expect((await sms(outside, claim)).status).toBe(403);
    });

    it("warns at start when demo mode runs without PUBLIC_URL (ADR 071)", async () => {
      const env: Record<string, string> = { DEMO_ACCOUNTS: "1", PUBLIC_URL: "" };
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      const started = await startServer(env, { waitReady: false });
      try {
        await expect
          .poll(() => started.output(), { timeout: 60_000, interval: 100 })
          .toContain("PUBLIC_URL n'est pas défini");
        expect(started.output()).toContain("Le mode démo (DEMO_ACCOUNTS=1) est actif");
        expect(started.process.exitCode).toBeNull();
      } finally {
        await started.stop();
      }
    });

    it("refuses to start demo mode on a public PUBLIC_URL, in French, unless told so explicitly", async () => {
      const env: Record<string, string> = { DEMO_ACCOUNTS: "1", PUBLIC_URL: "https://lavage.example" };
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      const refused = await startServer(env, { waitReady: false });
      expect(await waitForExit(refused)).not.toBe(0);
      expect(refused.output()).toContain(securityMessages.demoOnPublicUrl);
      expect(refused.output()).toContain("PUBLIC_URL");

      // The override starts, with its warning on the first lines (then stops before serving).
      const allowed = await startServer({ ...env, DEMO_ON_PUBLIC_URL: "1" }, { waitReady: false });
      try {
        await expect
          .poll(() => allowed.output(), { timeout: 60_000, interval: 100 })
          .toContain("DEMO_ON_PUBLIC_URL=1");
        expect(allowed.output()).toContain(securityMessages.demoOnPublicUrlWarning);
        expect(allowed.process.exitCode).toBeNull();
      } finally {
        await allowed.stop();
      }
    });
  });
}
