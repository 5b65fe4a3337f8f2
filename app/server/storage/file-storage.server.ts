/** A stored file, read back as a stream. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  /** Size in bytes, when the driver knows it. */
  size?: number;
}

/**
 * Where uploaded files live (docs/http-api.md, 'File storage': local disk by default, an
 * S3-compatible bucket by configuration). Keys are relative paths such as
 * 'signatures/signature_<id>.png'. A stored file is never replaced: `put` on an existing key fails
 * with FileExistsError.
 */
export interface FileStorage {
  readonly driver: "local" | "s3";
  /** Stores a new file; throws FileExistsError when the key is taken (nothing is overwritten). */
  put(key: string, body: Uint8Array, options: { contentType: string }): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a file that nothing refers to (e.g. the upload of a refused application). */
  delete(key: string): Promise<void>;
}

export class FileExistsError extends Error {
  constructor(readonly key: string) {
    super(`A file already exists at ${key}; stored files are never overwritten`);
    this.name = "FileExistsError";
  }
}

/** Lower-case letters, digits, dot, dash and underscore, in '/'-separated parts; no '..'. */
const KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

/** Refuses a key that could leave the storage root or name something odd. */
export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.length > 300 || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
