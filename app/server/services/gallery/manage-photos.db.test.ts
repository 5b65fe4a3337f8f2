import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import exifReader from "exif-reader";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { AppError } from "~/lib/errors";
import { photoGalleryItem, PhotoFormSchema, photoKey } from "~/domain/gallery/photos";
import { LocalDiskStorage } from "~/server/storage/local-disk.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { FIXTURE_GPS, photoJpegWithGps } from "../../../../tests/factories/photo-jpeg";
import {
  createPhoto,
  deletePhoto,
  listAllPhotos,
  listPublishedPhotos,
  movePhoto,
  setPhotoPublished,
} from "./manage-photos.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-photos-"));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function readStored(key: string): Promise<Buffer> {
  const file = await storage.get(key);
  expect(file, key).not.toBeNull();
  return Buffer.from(await new Response(file!.body).arrayBuffer());
}

describeDatabases("photos of real work", ({ db }) => {
  let admin: { id: string; role: "admin" };
  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [row] = await db().select().from(s.users).where(eq(s.users.email, "admin@example.com"));
    admin = { id: row!.id, role: "admin" };
  });

  it("stores a before/after pair in AVIF and WebP, upright, without the GPS position", async () => {
    const after = await photoJpegWithGps({ width: 2000, height: 1500 });
    const before = await photoJpegWithGps({ width: 1800, height: 1200, colour: { r: 90, g: 60, b: 30 } });
    // The fixture does carry a position: the test would prove nothing otherwise.
    const sent = exifReader((await sharp(after).metadata()).exif!);
    expect(sent.GPSInfo?.GPSLatitude).toEqual([...FIXTURE_GPS.latitude]);

    const { id } = await createPhoto(db(), storage, {
      actor: admin,
      input: PhotoFormSchema.parse({ caption: "VUS noir, intérieur complet", publish: "on" }),
      after,
      before,
    });

    const [row] = await db().select().from(s.workPhotos).where(eq(s.workPhotos.id, id));
    // The narrower image of the pair sets the widths: 1600 (not enlarged), 800, 400.
    expect(row).toMatchObject({ widths: [1600, 800, 400], width: 1600, height: 1200, beforeWidth: 1600 });
    expect(row!.beforeHeight).toBe(1067);

    for (const role of ["after", "before"] as const) {
      for (const width of row!.widths) {
        for (const format of ["avif", "webp"] as const) {
          const stored = await readStored(photoKey(id, role, width, format));
          const metadata = await sharp(stored).metadata();
          expect(metadata.format).toBe(format === "avif" ? "heif" : "webp");
          expect(metadata.width).toBe(width);
          expect(metadata.exif, `${role}-${width}.${format} keeps no EXIF`).toBeUndefined();
          expect(metadata.xmp).toBeUndefined();
        }
      }
    }

    const [published] = await listPublishedPhotos(db());
    const item = photoGalleryItem(published!);
    expect(item.caption).toBe("VUS noir, intérieur complet");
    expect(item.image.avifSrcSet).toContain(`/photos/${id}/after-1600.avif 1600w`);
    expect(item.image.webpSrcSet).toContain(`/photos/${id}/after-400.webp 400w`);
    expect(item.before?.alt).toBe("VUS noir, intérieur complet (avant)");
  });

  it("turns a sideways phone photo upright from its EXIF orientation", async () => {
    const sideways = await sharp(await photoJpegWithGps({ width: 1200, height: 900 }))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { id } = await createPhoto(db(), storage, {
      actor: admin,
      input: PhotoFormSchema.parse({ caption: "Portrait" }),
      after: sideways,
      before: null,
    });
    const [row] = await db().select().from(s.workPhotos).where(eq(s.workPhotos.id, id));
    expect(row).toMatchObject({ width: 900, height: 1200, publishedAt: null, beforeWidth: null });
    expect((await listPublishedPhotos(db())).some((photo) => photo.id === id)).toBe(false);
  });

  it("refuses what is not a JPEG, PNG or WebP photo of at least 800 px, whatever its name says", async () => {
    const input = PhotoFormSchema.parse({ caption: "Refusée" });
    const gif = await sharp({ create: { width: 900, height: 600, channels: 3, background: "red" } })
      .gif()
      .toBuffer();
    const small = await photoJpegWithGps({ width: 640, height: 480 });
    const cases: [Uint8Array, string][] = [
      [new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), "FILE_TYPE"],
      [gif, "FILE_TYPE"],
      [small, "FILE_TOO_SMALL"],
    ];
    for (const [after, problem] of cases) {
      const attempt = createPhoto(db(), storage, { actor: admin, input, after, before: null });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ code: problem, field: "after" });
    }
    const bad = createPhoto(db(), storage, {
      actor: admin,
      input,
      after: await photoJpegWithGps(),
      before: gif,
    });
    await expect(bad).rejects.toMatchObject({ code: "FILE_TYPE", field: "before" });
    expect((await listAllPhotos(db(), { actor: admin })).some((p) => p.caption === "Refusée")).toBe(false);
  });

  it("orders, unpublishes and deletes photos with their files; only the admin may", async () => {
    const photos = await listAllPhotos(db(), { actor: admin });
    const last = photos.at(-1)!;
    await movePhoto(db(), { actor: admin, id: last.id, direction: "up" });
    expect((await listAllPhotos(db(), { actor: admin })).at(-2)!.id).toBe(last.id);

    const first = photos[0]!;
    await setPhotoPublished(db(), { actor: admin, id: first.id, published: false });
    expect(await listPublishedPhotos(db())).toEqual([]);

    await deletePhoto(db(), storage, { actor: admin, id: first.id });
    expect(await storage.exists(photoKey(first.id, "after", 800, "webp"))).toBe(false);
    expect(await storage.exists(photoKey(first.id, "before", 400, "avif"))).toBe(false);
    await expect(deletePhoto(db(), storage, { actor: admin, id: first.id })).rejects.toBeInstanceOf(AppError);

    const franchisee = { id: admin.id, role: "franchisee" as const };
    await expect(listAllPhotos(db(), { actor: franchisee })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
