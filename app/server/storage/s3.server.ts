import { AwsClient } from "aws4fetch";
import { assertValidKey, FileExistsError, type FileStorage, type StoredFile } from "./file-storage.server";

export interface S3Options {
  /** e.g. https://s3.ca-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO, s3rver). */
  forcePathStyle: boolean;
}

/** Longest wait for one storage request. */
const TIMEOUT_MS = 15_000;

/**
 * An S3-compatible bucket, through signed HTTP requests (aws4fetch). A new file is sent with
 * `If-None-Match: *`, so a provider with conditional writes (AWS S3, R2, MinIO) refuses to
 * replace an object atomically; a HEAD first covers providers that ignore the header.
 */
export class S3Storage implements FileStorage {
  readonly driver = "s3" as const;
  private readonly client: AwsClient;

  constructor(private readonly options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: "s3",
    });
  }

  private urlOf(key: string): string {
    assertValidKey(key);
    const endpoint = new URL(this.options.endpoint);
    const base = endpoint.pathname.replace(/\/$/, "");
    if (this.options.forcePathStyle) {
      return `${endpoint.origin}${base}/${encodeURIComponent(this.options.bucket)}/${key}`;
    }
    return `${endpoint.protocol}//${this.options.bucket}.${endpoint.host}${base}/${key}`;
  }

  private async send(key: string, init: RequestInit): Promise<Response> {
    return this.client.fetch(this.urlOf(key), { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }

  async put(key: string, body: Uint8Array, { contentType }: { contentType: string }): Promise<void> {
    if (await this.exists(key)) throw new FileExistsError(key);
    const response = await this.send(key, {
      method: "PUT",
      body: new Uint8Array(body),
      headers: { "content-type": contentType, "if-none-match": "*" },
    });
    await response.body?.cancel();
    if (response.status === 412 || response.status === 409) throw new FileExistsError(key);
    if (!response.ok) throw new Error(`S3 PUT ${key} answered HTTP ${response.status}`);
  }

  async get(key: string): Promise<StoredFile | null> {
    const response = await this.send(key, { method: "GET" });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`S3 GET ${key} answered HTTP ${response.status}`);
    }
    const length = Number(response.headers.get("content-length"));
    return { body: response.body, size: Number.isFinite(length) && length >= 0 ? length : undefined };
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.send(key, { method: "HEAD" });
    await response.body?.cancel();
    if (response.status === 404) return false;
    if (!response.ok) throw new Error(`S3 HEAD ${key} answered HTTP ${response.status}`);
    return true;
  }

  async delete(key: string): Promise<void> {
    const response = await this.send(key, { method: "DELETE" });
    await response.body?.cancel();
    if (!response.ok && response.status !== 404)
      throw new Error(`S3 DELETE ${key} answered HTTP ${response.status}`);
  }
}
