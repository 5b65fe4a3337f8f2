import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { contactMessages, jobs, appRateLimits } from "#db/schema";
import type * as EnvModule from "~/server/env.server";
import { CONTACT_MESSAGE as input } from "../../../../tests/factories/contact";
import { describeDatabases } from "../../../../tests/setup/db";
import { loggedLines } from "../../../../tests/setup/unit";
import { startHttpReceiver, type HttpReceiver } from "../../../../tests/receivers/http-receiver";
import { sendContactMessage } from "../../services/contact/send-contact-message.server";
import { jobHandlers } from "../registry.server";
import { createWorker, type WorkerOptions } from "../worker.server";

// env() keeps the first environment it reads; here it reads process.env at each call, so that
// each test can point CONTACT_WEBHOOK_URL at its own receiver, or remove it.
vi.mock("~/server/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  return { ...actual, env: () => actual.parseEnv(process.env) };
});

// The warnings of the tests already run (loggedLines holds the current test's only).
const earlierWarnings: string[] = [];
afterEach(() => {
  earlierWarnings.push(...loggedLines("warn").map((line) => line.msg));
});

const HOUR = 60 * 60_000;

describeDatabases("contact.webhook job", ({ db }) => {
  const savedUrl = process.env.CONTACT_WEBHOOK_URL;
  let receiver: HttpReceiver | undefined;
  // The jobs are due at the database's clock; the worker's clock starts a minute later.
  let now: Date;

  function worker(options: Partial<WorkerOptions> = {}) {
    return createWorker(db(), { workerId: "test", handlers: jobHandlers, now: () => now, ...options });
  }

  async function job(messageId: string) {
    const [row] = await db().select().from(jobs).where(eq(jobs.payload, { messageId }));
    return row!;
  }

  /** Sends a contact message; this suite is about its webhook job, so the e-mail job goes. */
  async function send(args: Parameters<typeof sendContactMessage>[1]) {
    const sent = await sendContactMessage(db(), args);
    await db().delete(jobs).where(eq(jobs.name, "email.contact-received"));
    return sent;
  }

  async function receive(script: Parameters<typeof startHttpReceiver>[0]) {
    receiver = await startHttpReceiver(script);
    process.env.CONTACT_WEBHOOK_URL = `${receiver.url}/hooks/contact`;
    return receiver;
  }

  beforeEach(async () => {
    await db().delete(jobs);
    await db().delete(contactMessages);
    await db().delete(appRateLimits);
    now = new Date(Date.now() + 60_000);
  });

  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
    if (savedUrl === undefined) delete process.env.CONTACT_WEBHOOK_URL;
    else process.env.CONTACT_WEBHOOK_URL = savedUrl;
  });

  it("delivers the exact JSON after a webhook that fails twice, and loses nothing", async () => {
    const hooks = await receive({ script: [503, 503], then: 200 });
    const { id } = await send({ input, ip: "203.0.113.7" });
    const run = worker();

    expect(await run.runOnce()).toBe(1);
    expect(await job(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "Contact webhook answered HTTP 503 Service Unavailable",
    });
    // Not before its backoff.
    expect(await run.runOnce()).toBe(0);
    now = new Date(now.getTime() + HOUR);
    expect(await run.runOnce()).toBe(1);
    expect(await job(id)).toMatchObject({ status: "pending", attempts: 2 });
    now = new Date(now.getTime() + HOUR);
    expect(await run.runOnce()).toBe(1);

    expect(await job(id)).toMatchObject({ status: "completed", attempts: 3 });
    expect(hooks.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    const body = JSON.stringify({
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
    });
    for (const request of hooks.requests) {
      expect(request).toMatchObject({ method: "POST", url: "/hooks/contact", body });
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["idempotency-key"]).toBe(id);
    }
    expect(await db().select().from(contactMessages)).toEqual([
      { id, ...input, createdAt: expect.any(Date) },
    ]);
  });

  it("treats a redirect as a failure without following it, and sends a missing phone as null", async () => {
    const hooks = await receive({
      script: [{ status: 307, headers: { location: "/elsewhere" } }],
      then: 204,
    });
    const { phone: _phone, ...withoutPhone } = input;
    const { id } = await send({ input: withoutPhone, ip: "203.0.113.7" });
    const run = worker();

    await run.runOnce();
    expect(hooks.requests.map((r) => r.url)).toEqual(["/hooks/contact"]);
    expect(await job(id)).toMatchObject({
      status: "pending",
      lastError: "Contact webhook answered HTTP 307 Temporary Redirect",
    });
    now = new Date(now.getTime() + HOUR);
    await run.runOnce();

    expect(await job(id)).toMatchObject({ status: "completed", attempts: 2 });
    expect(JSON.parse(hooks.requests[1]!.body)).toEqual({ ...withoutPhone, phone: null });
  });

  it("gives up an attempt when the job runs out of time, closing the connection", async () => {
    const hooks = await receive({ script: [{ status: 200, hang: true }] });
    const { id } = await send({ input, ip: "203.0.113.7" });

    await worker({ jobTimeoutMs: 300 }).runOnce();

    expect(await job(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "The job did not finish within 300 ms",
    });
    await vi.waitFor(() => expect(hooks.requests[0]?.abandoned).toBe(true));
  });

  it("completes without sending once CONTACT_WEBHOOK_URL is removed, saying so once", async () => {
    const hooks = await receive({});
    const first = await send({ input, ip: "203.0.113.7" });
    const second = await send({ input, ip: "203.0.113.7" });
    delete process.env.CONTACT_WEBHOOK_URL;

    expect(await worker().runOnce()).toBe(2);

    expect(await job(first.id)).toMatchObject({ status: "completed", attempts: 1 });
    expect(await job(second.id)).toMatchObject({ status: "completed", attempts: 1 });
    expect(hooks.requests).toEqual([]);
    expect(await db().select().from(contactMessages)).toHaveLength(2);
    // Once per process, whichever database this suite runs on first.
    const notices = [...earlierWarnings, ...loggedLines("warn").map((line) => line.msg)].filter((msg) =>
      msg.includes("CONTACT_WEBHOOK_URL"),
    );
    expect(notices).toHaveLength(1);
  });

  it("completes without sending when the message no longer exists", async () => {
    const hooks = await receive({});
    const { id } = await send({ input, ip: "203.0.113.7" });
    await db().delete(contactMessages).where(eq(contactMessages.id, id));

    await worker().runOnce();

    expect(await job(id)).toMatchObject({ status: "completed", attempts: 1 });
    expect(hooks.requests).toEqual([]);
  });
});
