/**
 * The candidate's photo of a franchise application (issue 37, ADR 076): optional, checked by the
 * same schema in the browser and on the server; the server then reads the real format from the
 * bytes and re-encodes it (app/server/services/applications/application-photo.server.ts).
 */
import { applicationMessages } from "~/lib/messages/application.fr";
import { z } from "~/lib/zod-fr";

const e = applicationMessages.errors;

/** Largest photo accepted: a phone's full-size JPEG is 2 to 8 MB. */
export const APPLICATION_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const APPLICATION_PHOTO_MAX_MB = APPLICATION_PHOTO_MAX_BYTES / (1024 * 1024);
/** Decoding bound (sharp's limitInputPixels): 60 megapixels, as the admin's photos. */
export const APPLICATION_PHOTO_MAX_PIXELS = 60_000_000;
/** A face smaller than this on its shorter side is of no use to head office. */
export const APPLICATION_PHOTO_MIN_SIDE = 200;
/** The stored copy fits in this square (px); a larger photo is scaled down. */
export const APPLICATION_PHOTO_STORED_SIDE = 1200;
/**
 * Types the form accepts. A phone's HEIC photo is converted to JPEG by the browser when the
 * input does not list HEIC (iOS Safari does): the server never decodes HEIC itself.
 */
export const APPLICATION_PHOTO_ACCEPT = ["image/jpeg", "image/png", "image/webp"] as const;
/** The multipart field (and JSON key) of the photo. */
export const APPLICATION_PHOTO_FIELD = "photo";

/** An untouched file input sends an empty, nameless file: no photo. */
const isNoFile = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  (value instanceof File && value.size === 0 && value.name === "");

/**
 * The photo field: none (an untouched file input) or an image file of an accepted type and
 * size. Its bytes are checked again on the server. The emptiness is checked here, not left to
 * Conform: the whole application's schema runs the steps' schemas on the raw form values.
 */
export const ApplicationPhotoSchema = z.preprocess(
  (value) => (isNoFile(value) ? undefined : value),
  z
    .file({ error: e.photoType })
    .max(APPLICATION_PHOTO_MAX_BYTES, e.photoTooLarge(APPLICATION_PHOTO_MAX_MB))
    .mime([...APPLICATION_PHOTO_ACCEPT], e.photoType)
    .optional(),
);
