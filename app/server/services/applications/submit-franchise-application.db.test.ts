import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, expect, it, vi } from "vitest";
import { franchiseApplications, jobs, appRateLimits, users } from "#db/schema";
import { ApplicationSchema, applicationAnswers, canonicalJson } from "~/domain/applications/schemas";
import { AppError } from "~/lib/errors";
import type * as EnvModule from "~/server/env.server";
import { LocalDiskStorage } from "~/server/storage/local-disk.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { expectConsoleError } from "../../../../tests/setup/unit";
import { signaturePng } from "../../../../tests/factories/signature-png";
import { applicationConfirmUrl, confirmApplicationEmail } from "./confirm-application-email.server";
import { getMyApplication, getSentApplication } from "./get-my-application.server";
import { resendApplicationConfirmation } from "./resend-application-confirmation.server";
import {
  APPLICATION_RATE_LIMIT,
  APPLICATION_WEBHOOK_MAX_ATTEMPTS,
  submitFranchiseApplication,
} from "./submit-franchise-application.server";

// env() keeps the first environment it reads; here it reads process.env at each call.
vi.mock("~/server/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  return { ...actual, env: () => actual.parseEnv(process.env) };
});

export const FORM = {
  first_name: "Léa",
  last_name: "Tremblay",
  email: "Lea.Tremblay@example.com",
  phone_country_code: "1",
  phone: "450 555-0142",
  city: "Granby",
  service_radius: "20-40km",
  has_drivers_license: "true",
  vehicle_info: "Ford Transit 2021",
  availability_hours: "Lundi au vendredi",
  reference_first_name: "Marc",
  reference_last_name: "",
  reference_phone: "",
  has_funds: "true",
  available_funds: "15 000 $",
  comfortable_independence: "true",
  background_check_consent: "on",
};
const input = ApplicationSchema.parse(FORM);
const png = signaturePng();
const UA = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-app-files-"));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function storedSignatures(): string[] {
  const dir = path.join(root, "signatures");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describeDatabases("submitFranchiseApplication", ({ db }) => {
  const savedUrl = process.env.APPLICATION_WEBHOOK_URL;
  beforeEach(async () => {
    await db().delete(franchiseApplications);
    await db().delete(jobs);
    await db().delete(appRateLimits);
    fs.rmSync(path.join(root, "signatures"), { recursive: true, force: true });
    delete process.env.APPLICATION_WEBHOOK_URL;
  });
  afterEach(() => {
    if (savedUrl === undefined) delete process.env.APPLICATION_WEBHOOK_URL;
    else process.env.APPLICATION_WEBHOOK_URL = savedUrl;
  });

  const submit = (over: Partial<Parameters<typeof submitFranchiseApplication>[2]> = {}) =>
    submitFranchiseApplication(db(), storage, {
      input,
      signature: png,
      actor: null,
      ip: "203.0.113.9",
      userAgent: UA,
      ...over,
    });

  it("keeps the answers with the signature's audit trail: file, hashes, instant, IP and browser", async () => {
    const now = new Date("2026-05-04T14:30:00.000Z");
    const { id, signatureUrl } = await submit({ now });

    expect(signatureUrl).toMatch(/^\/files\/signatures\/signature_[0-9a-f-]{36}\.png$/);
    const name = signatureUrl.split("/").pop()!;
    expect(storedSignatures()).toEqual([name]);
    expect(fs.readFileSync(path.join(root, "signatures", name))).toEqual(png);

    const [row] = await db().select().from(franchiseApplications);
    const answers = applicationAnswers(input);
    expect(row).toMatchObject({
      id,
      userId: null,
      firstName: "Léa",
      email: "Lea.Tremblay@example.com",
      phone: "4505550142",
      phoneCountryCode: "1",
      hasDriversLicense: true,
      serviceRadius: "20-40km",
      referenceFirstName: "Marc",
      referenceLastName: null,
      referencePhone: null,
      availableFunds: "15 000 $",
      backgroundCheckConsent: true,
      signatureUrl,
      signatureSha256: crypto.createHash("sha256").update(png).digest("hex"),
      answersSha256: crypto.createHash("sha256").update(canonicalJson(answers)).digest("hex"),
      signedAt: now,
      signerIp: "203.0.113.9",
      signerUserAgent: UA,
      status: "submitted",
    });
    // Anyone can check the hash again from the stored answers.
    const fromRow = canonicalJson({
      ...answers,
      first_name: row!.firstName,
      phone: row!.phone,
    });
    expect(crypto.createHash("sha256").update(fromRow).digest("hex")).toBe(row!.answersSha256);
    // No webhook without APPLICATION_WEBHOOK_URL; the acknowledgement e-mail is queued.
    expect((await db().select().from(jobs)).map((j) => [j.name, j.payload])).toEqual([
      ["email.application-received", { applicationId: row!.id }],
    ]);
  });

  it("queues the webhook with the id only when APPLICATION_WEBHOOK_URL is set", async () => {
    process.env.APPLICATION_WEBHOOK_URL = "https://hooks.example.com/applications";
    const { id } = await submit();
    expect(await db().select().from(jobs).where(eq(jobs.name, "application.webhook"))).toEqual([
      expect.objectContaining({
        name: "application.webhook",
        payload: { applicationId: id },
        maxAttempts: APPLICATION_WEBHOOK_MAX_ATTEMPTS,
        status: "pending",
      }),
    ]);
  });

  const confirm = (id: string) =>
    db()
      .update(franchiseApplications)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(franchiseApplications.id, id));

  it("refuses a second application with the same e-mail once the first is confirmed, whatever its case, and keeps no file for it", async () => {
    const { id } = await submit();
    await confirm(id);
    const again = submit({ input: { ...input, email: "lea.tremblay@EXAMPLE.com" } });
    await expect(again).rejects.toBeInstanceOf(AppError);
    await expect(submit({ input: { ...input, email: "LEA.TREMBLAY@example.com" } })).rejects.toMatchObject({
      code: "EMAIL_ALREADY_EXISTS",
      status: 409,
    });
    expect(await db().select().from(franchiseApplications)).toHaveLength(1);
    expect(storedSignatures()).toHaveLength(1);
  });

  it("lets an unconfirmed application neither block nor reveal its address (issue 29 item 6)", async () => {
    // Someone else applies with Léa's address and never confirms it.
    await submit({ input: { ...input, first_name: "Intrus" }, ip: "198.51.100.77" });
    // Léa applies, signed in or not: saved, nothing said of the other one.
    const { id } = await submit({ input: { ...input, email: "lea.tremblay@EXAMPLE.com" } });
    expect(await db().select().from(franchiseApplications)).toHaveLength(2);
    const [user] = await db()
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: `lea-${crypto.randomUUID()}@example.com`,
        name: "Léa Tremblay",
        firstName: "Léa",
        lastName: "Tremblay",
      })
      .returning({ id: users.id });
    const signedIn = await submit({ input: { ...input, email: "LEA.TREMBLAY@example.com" }, actor: user! });
    expect(signedIn.id).not.toBe(id);
  });

  it("confirms exactly one of 5 racing applications of one address; the others stay unconfirmed", async () => {
    process.env.APPLICATION_WEBHOOK_URL = "https://hooks.example.com/applications";
    const saved = await Promise.all(
      Array.from({ length: 5 }, (_, i) => submit({ ip: `198.51.100.${i + 1}` })),
    );
    expect(await db().select().from(jobs).where(eq(jobs.name, "application.webhook"))).toHaveLength(5);
    const links = await Promise.all(
      saved.map(async ({ id }) => new URL(await applicationConfirmUrl(db(), { id, email: input.email }))),
    );
    const outcomes = await Promise.all(
      links.map((link) =>
        confirmApplicationEmail(db(), {
          id: link.searchParams.get("id")!,
          token: link.searchParams.get("token")!,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "confirmed")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "invalid")).toHaveLength(4);
    const rows = await db().select().from(franchiseApplications);
    expect(rows.filter((r) => r.emailVerifiedAt !== null)).toHaveLength(1);
  });

  it("refuses a signature that is not a 600x200 PNG, before storing anything", async () => {
    for (const signature of [
      new TextEncoder().encode("<svg/>"),
      signaturePng({ width: 300, height: 100 }),
      new Uint8Array(),
    ]) {
      await expect(submit({ signature })).rejects.toMatchObject({ code: "INVALID_SIGNATURE", status: 422 });
    }
    expect(await db().select().from(franchiseApplications)).toEqual([]);
    expect(storedSignatures()).toEqual([]);
  });

  it("says SIGNATURE_UPLOAD_FAILED when the storage is down, and saves nothing", async () => {
    expectConsoleError();
    // Its root is a file: no folder can be made there.
    const notAFolder = path.join(root, "not-a-folder");
    fs.writeFileSync(notAFolder, "");
    const broken = new LocalDiskStorage(notAFolder);
    await expect(
      submitFranchiseApplication(db(), broken, {
        input,
        signature: png,
        actor: null,
        ip: "203.0.113.9",
        userAgent: UA,
      }),
    ).rejects.toMatchObject({ code: "SIGNATURE_UPLOAD_FAILED" });
    expect(await db().select().from(franchiseApplications)).toEqual([]);
  });

  it(`refuses the ${APPLICATION_RATE_LIMIT.max + 1}th submission of one address within the hour`, async () => {
    for (let i = 0; i < APPLICATION_RATE_LIMIT.max; i++) {
      await submit({ input: { ...input, email: `lea${i}@example.com` }, ip: "192.0.2.50" });
    }
    await expect(
      submit({ input: { ...input, email: "late@example.com" }, ip: "192.0.2.50" }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
    await submit({ input: { ...input, email: "other@example.com" }, ip: "192.0.2.51" });
    expect(await db().select().from(franchiseApplications)).toHaveLength(APPLICATION_RATE_LIMIT.max + 1);
  });

  it("links the application to the signed-in applicant, who can follow it, once", async () => {
    const userId = crypto.randomUUID();
    await db()
      .insert(users)
      .values({ id: userId, name: "Léa Tremblay", email: `${userId}@example.com`, emailVerified: true });
    expect(await getMyApplication(db(), { actor: { id: userId } })).toBeNull();
    expect(await getMyApplication(db(), { actor: null })).toBeNull();

    const { id } = await submit({ actor: { id: userId } });
    expect(await getMyApplication(db(), { actor: { id: userId } })).toEqual({
      id,
      status: "submitted",
      city: "Granby",
      submittedAt: expect.any(Date),
      email: FORM.email,
      emailConfirmed: false,
    });
    // Another user sees nothing of it.
    expect(await getMyApplication(db(), { actor: { id: crypto.randomUUID() } })).toBeNull();
    // One application per account, even with another e-mail.
    await expect(
      submit({ actor: { id: userId }, input: { ...input, email: "autre@example.com" } }),
    ).rejects.toMatchObject({ code: "ALREADY_APPLIED", status: 409 });
  });

  it("sends the confirmation link again while the address is unconfirmed, three times an hour", async () => {
    const { id } = await submit();
    const received = () =>
      db()
        .select()
        .from(jobs)
        .where(eq(jobs.name, "email.application-received"))
        .then((rows) => rows.length);
    expect(await received()).toBe(1);
    expect(await getSentApplication(db(), { id })).toMatchObject({
      email: FORM.email,
      emailConfirmed: false,
    });

    for (let i = 0; i < 3; i++) expect(await resendApplicationConfirmation(db(), { id })).toBe("sent");
    expect(await resendApplicationConfirmation(db(), { id })).toBe("rate-limited");
    expect(await received()).toBe(4);

    await db().delete(appRateLimits);
    await db()
      .update(franchiseApplications)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(franchiseApplications.id, id));
    expect(await resendApplicationConfirmation(db(), { id })).toBe("confirmed");
    expect((await getSentApplication(db(), { id }))?.emailConfirmed).toBe(true);
    await db()
      .update(franchiseApplications)
      .set({ emailVerifiedAt: null, status: "rejected" })
      .where(eq(franchiseApplications.id, id));
    expect(await resendApplicationConfirmation(db(), { id })).toBe("not-found");
    expect(await resendApplicationConfirmation(db(), { id: crypto.randomUUID() })).toBe("not-found");
    expect(await received()).toBe(4);
  });
});
