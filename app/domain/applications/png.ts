/**
 * Checks that bytes are a whole, well-formed PNG image (signature, chunk lengths and CRCs, IHDR
 * first, image data, IEND last) and reads its size: a signature upload is trusted for its bytes,
 * never for its file name or declared type.
 */
import { APPLICATION_PHOTO_MAX_BYTES } from "./photo";

/** Largest signature image accepted, in bytes: a 600x200 drawing is usually 5 to 30 KB. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
/**
 * Largest request body of an application (the page and POST /api/franchise-applications): the
 * optional photo (ADR 076), plus a 200 KB signature, as a file or as base64 in JSON (4/3 larger),
 * and the answers. The server's body limit (ADR 041) lets these paths read that much; every
 * other anonymous request body is held to 64 KB.
 */
export const APPLICATION_BODY_MAX_BYTES = APPLICATION_PHOTO_MAX_BYTES + 300 * 1024;
/** The signature pad's drawing surface (docs/product.md, section 9). */
export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 200;

const MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type PngProblem = "NOT_PNG" | "TRUNCATED" | "BAD_CRC" | "BAD_HEADER" | "NO_IMAGE_DATA";

export type PngInspection =
  | { ok: true; width: number; height: number; colorType: number; bitDepth: number }
  | { ok: false; problem: PngProblem };

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function uint32(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>>
    0
  );
}

function chunkType(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}

/** Bit depths allowed for each PNG colour type (PNG specification, table 11.1). */
const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

export function inspectPng(bytes: Uint8Array): PngInspection {
  if (bytes.length < MAGIC.length || MAGIC.some((b, i) => bytes[i] !== b))
    return { ok: false, problem: "NOT_PNG" };
  let offset = MAGIC.length;
  let header: { width: number; height: number; colorType: number; bitDepth: number } | null = null;
  let sawData = false;
  let sawEnd = false;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) return { ok: false, problem: "TRUNCATED" };
    const length = uint32(bytes, offset);
    const type = chunkType(bytes, offset + 4);
    const dataStart = offset + 8;
    const dataEnd = dataStart + length;
    if (length > 0x7fffffff || dataEnd + 4 > bytes.length) return { ok: false, problem: "TRUNCATED" };
    if (crc32(bytes, offset + 4, dataEnd) !== uint32(bytes, dataEnd))
      return { ok: false, problem: "BAD_CRC" };

    if (header === null) {
      if (type !== "IHDR" || length !== 13) return { ok: false, problem: "BAD_HEADER" };
      const width = uint32(bytes, dataStart);
      const height = uint32(bytes, dataStart + 4);
      const bitDepth = bytes[dataStart + 8]!;
      const colorType = bytes[dataStart + 9]!;
      const valid =
        width > 0 &&
        height > 0 &&
        DEPTHS[colorType]?.includes(bitDepth) === true &&
        bytes[dataStart + 10] === 0 &&
        bytes[dataStart + 11] === 0 &&
        (bytes[dataStart + 12] === 0 || bytes[dataStart + 12] === 1);
      if (!valid) return { ok: false, problem: "BAD_HEADER" };
      header = { width, height, colorType, bitDepth };
    } else if (type === "IHDR") {
      return { ok: false, problem: "BAD_HEADER" };
    } else if (type === "IDAT") {
      sawData = true;
    } else if (type === "IEND") {
      sawEnd = dataEnd + 4 === bytes.length;
      if (!sawEnd) return { ok: false, problem: "TRUNCATED" };
    }
    offset = dataEnd + 4;
    if (sawEnd) break;
  }
  if (!header || !sawEnd) return { ok: false, problem: header ? "TRUNCATED" : "BAD_HEADER" };
  if (!sawData) return { ok: false, problem: "NO_IMAGE_DATA" };
  return { ok: true, ...header };
}

export type SignatureProblem = PngProblem | "TOO_LARGE" | "WRONG_SIZE" | "EMPTY";

/** Null when the bytes are an acceptable signature: a real PNG of the pad's size, at most 200 KB. */
export function checkSignaturePng(bytes: Uint8Array): SignatureProblem | null {
  if (bytes.length === 0) return "EMPTY";
  if (bytes.length > SIGNATURE_MAX_BYTES) return "TOO_LARGE";
  const png = inspectPng(bytes);
  if (!png.ok) return png.problem;
  if (png.width !== SIGNATURE_WIDTH || png.height !== SIGNATURE_HEIGHT) return "WRONG_SIZE";
  return null;
}
