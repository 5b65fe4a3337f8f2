import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { ApplicationSchema } from "~/domain/applications/schemas";
import type * as EnvModule from "~/server/env.server";
import { LocalDiskStorage } from "~/server/storage/local-disk.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { photoJpegWithGps } from "../../../../tests/factories/photo-jpeg";
import { signaturePng } from "../../../../tests/factories/signature-png";
import { deleteClientAccount } from "../account/delete-client-account.server";
import { exportClientData } from "../account/export-client-data.server";
import { setApplicationStatus } from "../admin/set-application-status.server";
import {
  APPLICATION_PHOTO_LINK_SECONDS,
  APPLICATION_PHOTO_NAME,
  isValidPhotoLink,
  signedApplicationPhotoPath,
} from "./application-photo.server";
import { submitFranchiseApplication } from "./submit-franchise-application.server";

vi.mock("~/server/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  return { ...actual, env: () => actual.parseEnv(process.env) };
});

const input = ApplicationSchema.parse({
  first_name: "Léa",
  last_name: "Tremblay",
  email: "lea.photo@example.com",
  phone: "450 555-0142",
  city: "Granby",
  service_radius: "less_20km",
  has_drivers_license: "true",
  vehicle_info: "Ford Transit 2021",
  availability_hours: "Fins de semaine",
  background_check_consent: "on",
});
const NOW = new Date("2026-03-06T08:00:00-05:00");
const PASSWORD = "Secret-pass-123";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-app-photos-"));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const photoDir = path.join(root, "application-photos");
const storedPhotos = () => (fs.existsSync(photoDir) ? fs.readdirSync(photoDir).sort() : []);
const storedSignatures = () => {
  const dir = path.join(root, "signatures");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describeDatabases("the candidate's photo (ADR 076)", ({ db }) => {
  beforeEach(async () => {
    await db().delete(s.franchiseApplications);
    await db().delete(s.jobs);
    await db().delete(s.appRateLimits);
    await db().delete(s.users).where(eq(s.users.role, "client"));
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(root, { recursive: true });
  });

  const submit = (over: Partial<Parameters<typeof submitFranchiseApplication>[2]> = {}) =>
    submitFranchiseApplication(db(), storage, {
      input,
      signature: signaturePng(),
      actor: null,
      ip: "203.0.113.60",
      userAgent: "Test",
      now: NOW,
      ...over,
    });

  async function createClient(email: string) {
    const id = crypto.randomUUID();
    await db().insert(s.users).values({
      id,
      email,
      emailVerified: true,
      name: "Léa Tremblay",
      firstName: "Léa",
      lastName: "Tremblay",
      role: "client",
    });
    await db()
      .insert(s.accounts)
      .values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: await hashPassword(PASSWORD),
      });
    return id;
  }

  it("stores a re-encoded WebP without its GPS position, and the application names it", async () => {
    // A portrait phone photo: stored sideways with EXIF orientation 6, and a GPS position.
    const camera = await photoJpegWithGps({ width: 3000, height: 2000 });
    const sideways = await sharp(camera).keepExif().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    expect((await sharp(sideways).metadata()).exif).toBeDefined();

    const { id, photoUrl } = await submit({ photo: sideways });
    const [row] = await db().select().from(s.franchiseApplications).where(eq(s.franchiseApplications.id, id));
    expect(row!.photoUrl).toBe(photoUrl);
    const name = photoUrl!.replace("/files/application-photos/", "");
    expect(name).toMatch(APPLICATION_PHOTO_NAME);
    expect(storedPhotos()).toEqual([name]);

    // Read back from the storage: WebP, upright (portrait), at most 1200 px, no metadata at all.
    const stored = fs.readFileSync(path.join(photoDir, name));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([800, 1200]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // The answers' hash does not cover the photo: the same answers give the same hash.
    const plain = await submit({ input: { ...input, email: "sans.photo@example.com" } });
    const [other] = await db()
      .select()
      .from(s.franchiseApplications)
      .where(eq(s.franchiseApplications.id, plain.id));
    expect(other!.photoUrl).toBeNull();
  });

  it("refuses what is not a JPEG, PNG or WebP photo of a usable size, and stores nothing", async () => {
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: "red" } })
      .gif()
      .toBuffer();
    const tiny = await sharp({ create: { width: 150, height: 150, channels: 3, background: "red" } })
      .jpeg()
      .toBuffer();
    const cases: [Uint8Array, string][] = [
      [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "FILE_TYPE"],
      [gif, "FILE_TYPE"],
      [Buffer.from("ftypheic not really an image"), "FILE_TYPE"],
      [tiny, "FILE_TOO_SMALL"],
    ];
    for (const [photo, code] of cases) {
      await expect(submit({ photo }), code).rejects.toMatchObject({ code, field: "photo", status: 422 });
    }
    expect(storedPhotos()).toEqual([]);
    expect(storedSignatures()).toEqual([]);
    expect(await db().select().from(s.franchiseApplications)).toEqual([]);
  });

  it("removes the photo with a refusal; the answers and the signature stay", async () => {
    const { id } = await submit({ photo: await photoJpegWithGps() });
    expect(storedPhotos()).toHaveLength(1);
    const admin = await createClient("owner@example.com");
    await db().update(s.users).set({ role: "admin" }).where(eq(s.users.id, admin));
    await setApplicationStatus(db(), {
      actor: { id: admin, role: "admin" },
      applicationId: id,
      status: "rejected",
      reason: "Territoire déjà pris",
      now: NOW,
      storage,
    });
    const [row] = await db().select().from(s.franchiseApplications).where(eq(s.franchiseApplications.id, id));
    expect(row).toMatchObject({ status: "rejected", photoUrl: null });
    expect(storedPhotos()).toEqual([]);
    expect(storedSignatures()).toHaveLength(1);
  });

  it("gives the photo back in the candidate's data export, and removes it with the account", async () => {
    const userId = await createClient("lea.photo@example.com");
    const { id, photoUrl } = await submit({ photo: await photoJpegWithGps(), actor: { id: userId } });
    const stored = fs.readFileSync(path.join(photoDir, photoUrl!.split("/").pop()!));

    const exported = await exportClientData(db(), { userId, now: NOW, storage });
    expect(exported.franchiseApplications).toHaveLength(1);
    expect(exported.franchiseApplications[0]).not.toHaveProperty("photoUrl");
    expect(exported.franchiseApplications[0]!.photo).toBe(
      `data:image/webp;base64,${stored.toString("base64")}`,
    );

    await deleteClientAccount(db(), { userId, password: PASSWORD, now: NOW, storage });
    const [row] = await db().select().from(s.franchiseApplications).where(eq(s.franchiseApplications.id, id));
    expect(row).toMatchObject({ userId: null, photoUrl: null, firstName: "Léa" });
    expect(storedPhotos()).toEqual([]);
  });

  it("signs a link that opens the photo until it expires, for that photo only", async () => {
    const { photoUrl } = await submit({ photo: await photoJpegWithGps() });
    const signed = new URL(`https://x.test${await signedApplicationPhotoPath(db(), photoUrl!, NOW)}`);
    const name = signed.pathname.split("/").pop()!;
    const link = {
      name,
      expires: signed.searchParams.get("expires"),
      token: signed.searchParams.get("token"),
    };
    const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

    expect(await isValidPhotoLink(db(), { ...link, now: later(60) })).toBe(true);
    expect(await isValidPhotoLink(db(), { ...link, now: later(APPLICATION_PHOTO_LINK_SECONDS - 1) })).toBe(
      true,
    );
    expect(await isValidPhotoLink(db(), { ...link, now: later(APPLICATION_PHOTO_LINK_SECONDS) })).toBe(false);
    const otherName = `photo_${crypto.randomUUID()}.webp`;
    expect(await isValidPhotoLink(db(), { ...link, name: otherName, now: later(60) })).toBe(false);
    const longer = String(Number(link.expires) + 86_400);
    expect(await isValidPhotoLink(db(), { ...link, expires: longer, now: later(60) })).toBe(false);
    expect(await isValidPhotoLink(db(), { ...link, token: null, now: later(60) })).toBe(false);
  });
});
