import { photoGalleryItem } from "~/domain/gallery/photos";
import { DEMO_GALLERY_ITEMS, type GalleryItem } from "~/lib/gallery";
import type { Db } from "../../db.server";
import { env } from "../../env.server";
import { listPublishedPhotos } from "./manage-photos.server";

/**
 * What /gallery and the home teaser show (ADR 053): the published photos in their order, then,
 * only with demo accounts on, the drawn demo images.
 */
export async function galleryItems(db: Db, { limit }: { limit?: number } = {}): Promise<GalleryItem[]> {
  const photos = (await listPublishedPhotos(db, { limit })).map(photoGalleryItem);
  const demo = env().demoAccounts ? DEMO_GALLERY_ITEMS : [];
  const items = [...photos, ...demo];
  return limit ? items.slice(0, limit) : items;
}
