import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { assertValidKey, FileExistsError, type FileStorage, type StoredFile } from "./file-storage.server";

function isCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === code;
}

/**
 * Files in a folder (DATA_DIR/files by default). A file is written whole to a temporary name
 * (opened with 'wx'), then hard-linked to its key: link() fails when the key exists, so a file is
 * never overwritten and never seen half-written, even by two processes racing for one key.
 */
export class LocalDiskStorage implements FileStorage {
  readonly driver = "local" as const;

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, body: Uint8Array, _options: { contentType: string }): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    const handle = await fs.promises.open(temporary, "wx", 0o640);
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.promises.link(temporary, target);
    } catch (error) {
      if (isCode(error, "EEXIST")) throw new FileExistsError(key);
      throw error;
    } finally {
      await fs.promises.unlink(temporary).catch(() => {});
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fs.promises.open(file, "r");
      const { size } = await handle.stat();
      const stream = handle.createReadStream();
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size };
    } catch (error) {
      if (isCode(error, "ENOENT") || isCode(error, "EISDIR")) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isCode(error, "ENOENT")) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
