import { APPLICATION_BODY_MAX_BYTES, SIGNATURE_MAX_BYTES } from "~/domain/applications/png";
import { APPLICATION_PHOTO_FIELD } from "~/domain/applications/photo";

export { APPLICATION_BODY_MAX_BYTES };

export type ReadOutcome =
  | { ok: true; fields: FormData; signature: Uint8Array | null }
  | { ok: false; code: "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "INVALID_REQUEST" };

/**
 * Past the limit, the rest of a body is still read and dropped up to this size, so the client
 * gets the 413 answer rather than a cut connection; a larger one is cut.
 */
const DISCARD_MAX_BYTES = APPLICATION_BODY_MAX_BYTES + 2 * 1024 * 1024;

/** The body, at most `max` bytes; null for a longer one (declared or streamed), kept unread. */
async function readBody(request: Request, max: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    if (total > DISCARD_MAX_BYTES || declared > DISCARD_MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total <= max && declared <= max) chunks.push(value);
  }
  return total > max || declared > max ? null : Buffer.concat(chunks);
}

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/;
/** The photo in JSON: a data URL of its declared type (checked by the schema, then the bytes). */
const PHOTO_DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/;

/**
 * Reads an application: multipart form data (the site's form: the answers, a `signature` file of
 * type image/png and the optional `photo` file), or JSON with the answers, `signature` as a
 * data:image/png;base64 URL and `photo` as a data:image/…;base64 URL (other clients). The
 * signature's bytes are checked by the service; the photo, a File, by the form's schema, then
 * by its bytes.
 */
export async function readApplicationRequest(request: Request): Promise<ReadOutcome> {
  const contentType = request.headers.get("content-type") ?? "";
  const type = contentType.toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  const json = type.startsWith("application/json");
  if (!multipart && !json) return { ok: false, code: "UNSUPPORTED_MEDIA_TYPE" };

  const body = await readBody(request, APPLICATION_BODY_MAX_BYTES);
  if (body === null) return { ok: false, code: "PAYLOAD_TOO_LARGE" };

  const fields = new FormData();
  if (multipart) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { "content-type": contentType },
      }).formData();
    } catch {
      return { ok: false, code: "INVALID_REQUEST" };
    }
    let signature: Uint8Array | null = null;
    for (const [name, value] of form) {
      if (name === "signature") {
        if (typeof value === "string") continue;
        if (value.type !== "image/png") return { ok: false, code: "UNSUPPORTED_MEDIA_TYPE" };
        if (value.size > SIGNATURE_MAX_BYTES) return { ok: false, code: "PAYLOAD_TOO_LARGE" };
        signature = new Uint8Array(await value.arrayBuffer());
      } else if (typeof value === "string" || name === APPLICATION_PHOTO_FIELD) {
        fields.append(name, value);
      }
    }
    return { ok: true, fields, signature };
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { ok: false, code: "INVALID_REQUEST" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { ok: false, code: "INVALID_REQUEST" };
  }
  let signature: Uint8Array | null = null;
  for (const [name, value] of Object.entries(parsed)) {
    if (name === "signature") {
      if (typeof value !== "string" || value === "") continue;
      const match = DATA_URL.exec(value);
      if (!match) return { ok: false, code: "UNSUPPORTED_MEDIA_TYPE" };
      signature = Buffer.from(match[1]!.replace(/\s/g, ""), "base64");
    } else if (name === APPLICATION_PHOTO_FIELD) {
      if (typeof value !== "string" || value === "") continue;
      const match = PHOTO_DATA_URL.exec(value);
      if (!match) return { ok: false, code: "UNSUPPORTED_MEDIA_TYPE" };
      const bytes = Buffer.from(match[2]!.replace(/\s/g, ""), "base64");
      fields.set(name, new File([bytes], "photo", { type: match[1]! }));
    } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      fields.set(name, String(value));
    }
  }
  return { ok: true, fields, signature };
}
