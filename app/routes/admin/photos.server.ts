import { photosMessages } from "~/lib/messages/photos.fr";
import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  PhotoIdSchema,
  PhotoMoveSchema,
  PhotoPublishSchema,
  PhotoUploadSchema,
} from "~/domain/gallery/photos";
import { requireRole, type PageRequest } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import {
  createPhoto,
  deletePhoto,
  movePhoto,
  setPhotoPublished,
} from "~/server/services/gallery/manage-photos.server";
import { getStorage } from "~/server/storage/storage.server";
import { PhotoPlaceSchema, PhotoUnplaceSchema } from "~/domain/gallery/placements";
import { placePhoto, unplacePhoto } from "~/server/services/gallery/placements.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import { adminMessages } from "~/lib/messages/admin.fr";
import { formFailure } from "~/server/http/failure.server";

const t = photosMessages;

export type ActionData = {
  result?: SubmissionResult<string[]>;
  error?: string;
  /** The placement form of one photo (ADR 106): its result goes to that photo's card only. */
  place?: { photoId: string; result: SubmissionResult<string[]> };
};

/** Uploads, edits, orders, publishes or deletes a photo (ADR 053); a refused file is its field's error. */
export async function photosAction({ request, url }: PageRequest) {
  const actor = await requireRole({ request, url }, ["admin"]);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
  }
  const intent = formData.get("intent");
  const db = getDb();
  const invalid = () => data<ActionData>({ error: adminMessages.common.invalidRequest }, { status: 400 });
  const fail = (error: unknown) => {
    const failure = adminFailure(error);
    return data<ActionData>({ error: failure.message }, { status: failure.status });
  };

  if (intent === "move") {
    const parsed = PhotoMoveSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return invalid();
    try {
      await movePhoto(db, { actor, ...parsed.data });
    } catch (error) {
      return fail(error);
    }
    return redirectWithToast(url, t.moved);
  }
  if (intent === "publish") {
    const parsed = PhotoPublishSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return invalid();
    try {
      await setPhotoPublished(db, { actor, ...parsed.data });
    } catch (error) {
      return fail(error);
    }
    return redirectWithToast(url, parsed.data.published ? t.published : t.unpublished);
  }
  if (intent === "delete") {
    const parsed = PhotoIdSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return invalid();
    try {
      await deletePhoto(db, getStorage(), { actor, id: parsed.data.id });
    } catch (error) {
      return fail(error);
    }
    return redirectWithToast(url, t.deleted);
  }
  if (intent === "place") {
    const submission = parseWithZod(formData, { schema: PhotoPlaceSchema });
    const photoId = String(formData.get("id") ?? "");
    if (submission.status !== "success") {
      return data<ActionData>({ place: { photoId, result: submission.reply() } }, { status: 400 });
    }
    const { id, slot, alt } = submission.value;
    try {
      await placePhoto(db, { actor, photoId: id, placement: slot, alt });
    } catch (error) {
      const { failure, result } = formFailure(error, submission, {
        texts: {
          NOT_FOUND: (e) => (e.field === "slot" ? t.placementInvalid : adminMessages.common.notFound),
        },
      });
      return data<ActionData>({ place: { photoId, result } }, { status: failure.status });
    }
    return redirectWithToast(url, t.placed);
  }
  if (intent === "unplace") {
    const parsed = PhotoUnplaceSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return invalid();
    try {
      await unplacePhoto(db, { actor, slot: parsed.data.slot.slot });
    } catch (error) {
      return fail(error);
    }
    return redirectWithToast(url, t.unplaced);
  }
  if (intent !== "upload") return invalid();

  const submission = parseWithZod(formData, { schema: PhotoUploadSchema });
  const hideFields = ["after", "before"];
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const { after, before, ...input } = submission.value;
  try {
    await createPhoto(db, getStorage(), {
      actor,
      input,
      after: new Uint8Array(await after.arrayBuffer()),
      before: before ? new Uint8Array(await before.arrayBuffer()) : null,
    });
  } catch (error) {
    // A refused file is an error of its field; anything else, of the form.
    const { failure, result } = formFailure(error, submission, {
      texts: { NOT_FOUND: adminMessages.common.notFound, ZONE_NOT_FOUND: t.zoneInvalid },
      hideFields,
    });
    return data<ActionData>({ result }, { status: failure.status });
  }
  return redirectWithToast(url, input.publish ? t.createdPublished : t.created);
}
