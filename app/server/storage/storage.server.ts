import path from "node:path";
import { env, type Env } from "../env.server";
import { LocalDiskStorage } from "./local-disk.server";
import type { FileStorage } from "./file-storage.server";
import { S3Storage } from "./s3.server";
import { remember } from "../remember.server";

export { FileExistsError, type FileStorage } from "./file-storage.server";

/** The driver the environment asks for (STORAGE_DRIVER, S3_* variables). */
export function createStorage(config: Env): FileStorage {
  if (config.STORAGE_DRIVER === "s3") {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStorage(path.join(config.DATA_DIR, "files"));
}

const holder = remember("storage", (): { __appStorage?: FileStorage } => ({}));

/** The process's storage, created on first use from the environment. */
export function getStorage(): FileStorage {
  holder.__appStorage ??= createStorage(env());
  return holder.__appStorage;
}
