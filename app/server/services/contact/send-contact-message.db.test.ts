import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { contactMessages, jobs, appRateLimits } from "#db/schema";
import { AppError } from "~/lib/errors";
import type * as EnvModule from "~/server/env.server";
import { CONTACT_MESSAGE as input } from "../../../../tests/factories/contact";
import { describeDatabases } from "../../../../tests/setup/db";
import {
  CONTACT_RATE_LIMIT,
  CONTACT_WEBHOOK_MAX_ATTEMPTS,
  sendContactMessage,
} from "./send-contact-message.server";

// env() keeps the first environment it reads; here it reads process.env at each call, so that
// each test can set or remove CONTACT_WEBHOOK_URL.
vi.mock("~/server/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  return { ...actual, env: () => actual.parseEnv(process.env) };
});

describeDatabases("sendContactMessage", ({ db }) => {
  const savedUrl = process.env.CONTACT_WEBHOOK_URL;

  beforeEach(async () => {
    await db().delete(contactMessages);
    await db().delete(jobs);
    await db().delete(appRateLimits);
    delete process.env.CONTACT_WEBHOOK_URL;
  });

  afterEach(() => {
    if (savedUrl === undefined) delete process.env.CONTACT_WEBHOOK_URL;
    else process.env.CONTACT_WEBHOOK_URL = savedUrl;
  });

  it("stores the message and queues its e-mail to the business, no webhook when none is configured", async () => {
    const { id } = await sendContactMessage(db(), { input, ip: "203.0.113.7" });

    expect(await db().select().from(contactMessages)).toEqual([
      { id, ...input, createdAt: expect.any(Date) },
    ]);
    expect(await db().select().from(jobs)).toEqual([
      expect.objectContaining({
        name: "email.contact-received",
        payload: { messageId: id },
        status: "pending",
      }),
    ]);
  });

  it("stores a message without phone with a null phone", async () => {
    const { phone: _phone, ...withoutPhone } = input;
    const { id } = await sendContactMessage(db(), { input: withoutPhone, ip: "203.0.113.7" });
    const [row] = await db().select().from(contactMessages);
    expect(row).toMatchObject({ id, phone: null });
  });

  it("queues the delivery with the message id only when CONTACT_WEBHOOK_URL is set", async () => {
    process.env.CONTACT_WEBHOOK_URL = "https://hooks.example.com/contact";
    const { id } = await sendContactMessage(db(), { input, ip: "203.0.113.7" });

    const queued = (await db().select().from(jobs)).filter((job) => job.name === "contact.webhook");
    expect(queued).toEqual([
      expect.objectContaining({
        name: "contact.webhook",
        payload: { messageId: id },
        status: "pending",
        attempts: 0,
        maxAttempts: CONTACT_WEBHOOK_MAX_ATTEMPTS,
      }),
    ]);
    expect(JSON.stringify(queued[0]!.payload)).not.toMatch(/lea|Tremblay|450 555/i);
    expect(await db().select().from(contactMessages)).toHaveLength(1);
  });

  it(`refuses the ${CONTACT_RATE_LIMIT.max + 1}th message of one address within the window`, async () => {
    process.env.CONTACT_WEBHOOK_URL = "https://hooks.example.com/contact";
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      await sendContactMessage(db(), { input, ip: "198.51.100.4" });
    }
    const refused = sendContactMessage(db(), { input, ip: "198.51.100.4" });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });

    expect(await db().select().from(contactMessages)).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(await db().select().from(jobs).where(eq(jobs.name, "contact.webhook"))).toHaveLength(
      CONTACT_RATE_LIMIT.max,
    );

    // Another address is not held back.
    await sendContactMessage(db(), { input, ip: "198.51.100.5" });
    expect(await db().select().from(contactMessages)).toHaveLength(CONTACT_RATE_LIMIT.max + 1);
  });
});
