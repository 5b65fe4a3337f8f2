import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, ne } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, expect, it, vi } from "vitest";
import { franchiseApplications, jobs, appRateLimits } from "#db/schema";
import { ApplicationSchema } from "~/domain/applications/schemas";
import type * as EnvModule from "~/server/env.server";
import { LocalDiskStorage } from "~/server/storage/local-disk.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { signaturePng } from "../../../../tests/factories/signature-png";
import { startHttpReceiver, type HttpReceiver } from "../../../../tests/receivers/http-receiver";
import { submitFranchiseApplication } from "../../services/applications/submit-franchise-application.server";
import { jobHandlers } from "../registry.server";
import { createWorker } from "../worker.server";

vi.mock("~/server/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  return { ...actual, env: () => actual.parseEnv(process.env) };
});

const HOUR = 60 * 60_000;
const input = ApplicationSchema.parse({
  first_name: "Léa",
  last_name: "Tremblay",
  email: "lea@example.com",
  phone: "450 555-0142",
  city: "Granby",
  service_radius: "less_20km",
  has_drivers_license: "false",
  vehicle_info: "Ford Transit 2021",
  availability_hours: "Fins de semaine",
  background_check_consent: "on",
});
const root = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-app-hook-"));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describeDatabases("application.webhook job", ({ db }) => {
  const savedUrl = process.env.APPLICATION_WEBHOOK_URL;
  let receiver: HttpReceiver | undefined;
  let now: Date;

  beforeEach(async () => {
    await db().delete(jobs);
    await db().delete(franchiseApplications);
    await db().delete(appRateLimits);
    now = new Date(Date.now() + 60_000);
  });
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
    if (savedUrl === undefined) delete process.env.APPLICATION_WEBHOOK_URL;
    else process.env.APPLICATION_WEBHOOK_URL = savedUrl;
  });

  it("delivers the whole application after failures, retried with backoff", async () => {
    receiver = await startHttpReceiver({ script: [500], then: 200 });
    process.env.APPLICATION_WEBHOOK_URL = `${receiver.url}/hooks/applications`;
    process.env.PUBLIC_URL = "https://lavageprestige.ca";
    const { id, signatureUrl } = await submitFranchiseApplication(db(), storage, {
      input,
      signature: signaturePng(),
      actor: null,
      ip: "203.0.113.7",
      userAgent: "Test",
    });
    // Only the webhook here: the acknowledgement e-mail has its own tests (messaging).
    await db().delete(jobs).where(ne(jobs.name, "application.webhook"));
    const worker = createWorker(db(), { workerId: "test", handlers: jobHandlers, now: () => now });

    expect(await worker.runOnce()).toBe(1);
    const [failed] = await db().select().from(jobs).where(eq(jobs.name, "application.webhook"));
    expect(failed).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "Application webhook answered HTTP 500 Internal Server Error",
    });
    now = new Date(now.getTime() + HOUR);
    expect(await worker.runOnce()).toBe(1);

    const [done] = await db().select().from(jobs).where(eq(jobs.name, "application.webhook"));
    expect(done).toMatchObject({ status: "completed", attempts: 2 });
    expect(receiver.requests).toHaveLength(2);
    const request = receiver.requests[1]!;
    expect(request.headers["idempotency-key"]).toBe(id);
    expect(JSON.parse(request.body)).toMatchObject({
      id,
      first_name: "Léa",
      email: "lea@example.com",
      phone: "4505550142",
      phone_country_code: "1",
      has_drivers_license: false,
      service_radius: "less_20km",
      background_check_consent: true,
      reference_first_name: null,
      signature_url: `https://lavageprestige.ca${signatureUrl}`,
      signature_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      answers_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      status: "submitted",
    });
    delete process.env.PUBLIC_URL;
  });
});
