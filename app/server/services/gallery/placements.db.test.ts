import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { PhotoFormSchema } from "~/domain/gallery/photos";
import { parseSlot, PhotoPlaceSchema } from "~/domain/gallery/placements";
import { AppError } from "~/lib/errors";
import { LocalDiskStorage } from "~/server/storage/local-disk.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { photoJpegWithGps } from "../../../../tests/factories/photo-jpeg";
import { createPhoto, deletePhoto, photoVisibility } from "./manage-photos.server";
import { listPlacements, placedPhoto, placePhoto, unplacePhoto, upsellPhotos } from "./placements.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-placements-"));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describeDatabases("where the library's photos serve (ADR 106)", ({ db }) => {
  let admin: { id: string; role: "admin" };
  const newPhoto = async (caption: string) =>
    createPhoto(db(), storage, {
      actor: admin,
      input: PhotoFormSchema.parse({ caption }),
      after: await photoJpegWithGps({ width: 900, height: 600 }),
      before: null,
    });
  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [row] = await db().select().from(s.users).where(eq(s.users.email, "admin@example.com"));
    admin = { id: row!.id, role: "admin" };
  });

  it("places a photo in the hero, replaces it with another one, and makes a draft public", async () => {
    const first = await newPhoto("Berline grise");
    const second = await newPhoto("VUS noir");
    expect(await placedPhoto(db(), "hero")).toBeNull();
    expect(await photoVisibility(db(), first.id)).toBe("draft");

    await placePhoto(db(), {
      actor: admin,
      photoId: first.id,
      placement: parseSlot("hero")!,
      alt: "Une berline",
    });
    expect(await placedPhoto(db(), "hero")).toMatchObject({ alt: "Une berline", width: 900, height: 600 });
    expect(await photoVisibility(db(), first.id)).toBe("published");

    // Two choices at once: the primary key keeps one row, the last one written.
    await Promise.all([
      placePhoto(db(), { actor: admin, photoId: second.id, placement: parseSlot("hero")!, alt: "Un VUS" }),
      placePhoto(db(), { actor: admin, photoId: second.id, placement: parseSlot("hero")!, alt: "Un VUS" }),
    ]);
    const hero = await placedPhoto(db(), "hero");
    expect(hero?.alt).toBe("Un VUS");
    expect(hero?.src).toContain(second.id);
    expect(hero?.avifSrcSet).toMatch(/ 900w, .* 800w, .* 400w$/);
    expect((await listPlacements(db(), { actor: admin })).filter((p) => p.kind === "hero")).toHaveLength(1);
    expect(await photoVisibility(db(), first.id)).toBe("draft");

    await unplacePhoto(db(), { actor: admin, slot: "hero" });
    expect(await placedPhoto(db(), "hero")).toBeNull();
  });

  it("requires the alternative text, in the form and in the database", async () => {
    const photo = await newPhoto("Cire liquide");
    const parsed = PhotoPlaceSchema.safeParse({ id: photo.id, slot: "hero", alt: "   " });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Veuillez écrire le texte de remplacement.");
    expect(PhotoPlaceSchema.safeParse({ id: photo.id, slot: "zone:nope", alt: "Une auto" }).success).toBe(
      false,
    );
    await expect(
      db().insert(s.photoPlacements).values({ slot: "hero", kind: "hero", photoId: photo.id, alt: " " }),
    ).rejects.toThrow();
    // A slot that does not match its place is refused too.
    await expect(
      db()
        .insert(s.photoPlacements)
        .values({ slot: "hero", kind: "zone", photoId: photo.id, alt: "Une auto" }),
    ).rejects.toThrow();
  });

  it("places a photo on an extra's card and a zone's page; deleting the photo brings the drawn image back", async () => {
    const photo = await newPhoto("Aquapel");
    const [upsell] = await db().select().from(s.upsellOptions).limit(1);
    const [zone] = await db().select().from(s.serviceZones).limit(1);
    await placePhoto(db(), {
      actor: admin,
      photoId: photo.id,
      placement: parseSlot(`upsell:${upsell!.id}`)!,
      alt: "Pare-brise traité",
    });
    await placePhoto(db(), {
      actor: admin,
      photoId: photo.id,
      placement: parseSlot(`zone:${zone!.id}`)!,
      alt: "Une entrée de maison",
    });
    expect((await upsellPhotos(db())).get(upsell!.id)?.alt).toBe("Pare-brise traité");
    expect((await placedPhoto(db(), `zone:${zone!.id}`))?.alt).toBe("Une entrée de maison");

    await deletePhoto(db(), storage, { actor: admin, id: photo.id });
    expect((await upsellPhotos(db())).has(upsell!.id)).toBe(false);
    expect(await placedPhoto(db(), `zone:${zone!.id}`)).toBeNull();
  });

  it("refuses a photo or a place that does not exist, and a non-admin", async () => {
    const photo = await newPhoto("Camionnette");
    await expect(
      placePhoto(db(), {
        actor: admin,
        photoId: crypto.randomUUID(),
        placement: parseSlot("hero")!,
        alt: "Une auto",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      placePhoto(db(), {
        actor: admin,
        photoId: photo.id,
        placement: parseSlot(`zone:${crypto.randomUUID()}`)!,
        alt: "Une auto",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "slot" });
    await expect(
      placePhoto(db(), {
        actor: { id: admin.id, role: "client" } as never,
        photoId: photo.id,
        placement: parseSlot("hero")!,
        alt: "Une auto",
      }),
    ).rejects.toBeInstanceOf(AppError);
  });
});
