/**
 * A customer's before/after photos of their washes (ADR 088) under Quebec's Law 25: given back in
 * the customer's data export (the pictures themselves, as data: URLs, like the application's
 * photo, ADR 076) and gone with the account: the rows in the deletion's transaction, the files
 * from the storage after its commit.
 */
import { asc, inArray } from "drizzle-orm";
import { appointmentPhotos } from "#db/schema";
import type { Db, Tx } from "../../db.server";
import { log } from "../../log.server";
import type { FileStorage } from "../../storage/storage.server";
import { jobPhotoKey } from "./job-photo-store.server";

export interface ExportedJobPhoto {
  kind: "before" | "after";
  car: number;
  takenAt: Date;
  /** The picture itself (data:image/webp;base64,…); null when its file is missing. */
  photo: string | null;
}

/** The photos of the given appointments, by appointment, oldest first. */
export async function exportJobPhotos(
  db: Db,
  storage: FileStorage,
  appointmentIds: readonly string[],
): Promise<Map<string, ExportedJobPhoto[]>> {
  const byAppointment = new Map<string, ExportedJobPhoto[]>();
  if (appointmentIds.length === 0) return byAppointment;
  const rows = await db
    .select({
      id: appointmentPhotos.id,
      appointmentId: appointmentPhotos.appointmentId,
      kind: appointmentPhotos.kind,
      car: appointmentPhotos.car,
      createdAt: appointmentPhotos.createdAt,
    })
    .from(appointmentPhotos)
    .where(inArray(appointmentPhotos.appointmentId, [...appointmentIds]))
    .orderBy(asc(appointmentPhotos.car), asc(appointmentPhotos.createdAt));
  for (const row of rows) {
    const file = await storage.get(jobPhotoKey(row.appointmentId, row.id));
    const bytes = file ? Buffer.from(await new Response(file.body).arrayBuffer()) : null;
    const list = byAppointment.get(row.appointmentId) ?? [];
    list.push({
      kind: row.kind,
      car: row.car,
      takenAt: row.createdAt,
      photo: bytes ? `data:image/webp;base64,${bytes.toString("base64")}` : null,
    });
    byAppointment.set(row.appointmentId, list);
  }
  return byAppointment;
}

/** Deletes the photo rows of the given appointments; answers the storage keys of their files. */
export async function forgetJobPhotos(tx: Tx, appointmentIds: readonly string[]): Promise<string[]> {
  if (appointmentIds.length === 0) return [];
  const gone = await tx
    .delete(appointmentPhotos)
    .where(inArray(appointmentPhotos.appointmentId, [...appointmentIds]))
    .returning({ id: appointmentPhotos.id, appointmentId: appointmentPhotos.appointmentId });
  return gone.map((p) => jobPhotoKey(p.appointmentId, p.id));
}

/** Removes the files once no row names them (after the commit); a missing file is no error. */
export async function deleteJobPhotoFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => {
      log.error("Photo de lavage non supprimée", { err: error, key });
    });
  }
}
