import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { LocalDiskStorage } from "./local-disk.server";
import { S3Storage } from "./s3.server";
import { createStorage, FileExistsError, type FileStorage } from "./storage.server";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

async function text(storage: FileStorage, key: string): Promise<string | null> {
  const file = await storage.get(key);
  return file ? new Response(file.body).text() : null;
}

function contract(name: string, make: () => FileStorage) {
  describe(`${name} storage`, () => {
    let storage: FileStorage;
    beforeAll(() => {
      storage = make();
    });

    it("stores a file and reads it back, with its size", async () => {
      await storage.put("signatures/signature_a.png", PNG, { contentType: "image/png" });
      expect(await storage.exists("signatures/signature_a.png")).toBe(true);
      const file = (await storage.get("signatures/signature_a.png"))!;
      expect(file.size).toBe(PNG.length);
      expect(new Uint8Array(await new Response(file.body).arrayBuffer())).toEqual(PNG);
    });

    it("never overwrites a stored file", async () => {
      await storage.put("signatures/signature_b.png", new TextEncoder().encode("first"), {
        contentType: "image/png",
      });
      const second = storage.put("signatures/signature_b.png", new TextEncoder().encode("second"), {
        contentType: "image/png",
      });
      await expect(second).rejects.toBeInstanceOf(FileExistsError);
      expect(await text(storage, "signatures/signature_b.png")).toBe("first");
    });

    it("answers null and false for a missing file, and deletes", async () => {
      expect(await storage.get("signatures/missing.png")).toBeNull();
      expect(await storage.exists("signatures/missing.png")).toBe(false);
      await storage.put("signatures/signature_c.png", PNG, { contentType: "image/png" });
      await storage.delete("signatures/signature_c.png");
      expect(await storage.exists("signatures/signature_c.png")).toBe(false);
      await storage.delete("signatures/signature_c.png");
    });

    it("refuses keys that could leave its root", async () => {
      for (const key of ["../etc/passwd", "signatures/../../x", "/abs.png", "a//b", "A.PNG", ""]) {
        await expect(storage.put(key, PNG, { contentType: "image/png" }), key).rejects.toThrow(
          /Invalid storage key/,
        );
      }
    });
  });
}

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-storage-"));
afterAll(() => fs.rmSync(localRoot, { recursive: true, force: true }));

contract("local disk", () => new LocalDiskStorage(localRoot));

describe("local disk, racing writers", () => {
  it("keeps exactly one of ten concurrent writes to one key, whole", async () => {
    const storage = new LocalDiskStorage(localRoot);
    const bodies = Array.from({ length: 10 }, (_, i) =>
      new TextEncoder().encode(`writer ${i} `.repeat(5000)),
    );
    const results = await Promise.allSettled(
      bodies.map((body) => storage.put("race/one.png", body, { contentType: "image/png" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(FileExistsError);
    }
    const stored = (await text(storage, "race/one.png"))!;
    expect(bodies.map((b) => new TextDecoder().decode(b))).toContain(stored);
    expect(fs.readdirSync(path.join(localRoot, "race"))).toEqual(["one.png"]);
  });
});

let s3: S3rver;
let s3Endpoint = "";
const s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-s3rver-"));

beforeAll(async () => {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: "lavage-files" }],
  });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3?.close();
  fs.rmSync(s3Directory, { recursive: true, force: true });
});

contract(
  "S3 (s3rver)",
  () =>
    new S3Storage({
      endpoint: s3Endpoint,
      bucket: "lavage-files",
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    }),
);

describe("S3 with wrong credentials", () => {
  it("fails loudly instead of pretending the file is absent", async () => {
    const storage = new S3Storage({
      endpoint: s3Endpoint,
      bucket: "lavage-files",
      region: "us-east-1",
      accessKeyId: "UNKNOWN",
      secretAccessKey: "wrong",
      forcePathStyle: true,
    });
    await expect(storage.put("signatures/x.png", PNG, { contentType: "image/png" })).rejects.toThrow(
      /HTTP 403/,
    );
  });
});

describe("storage configuration", () => {
  it("uses DATA_DIR/files on local disk by default", () => {
    const storage = createStorage(parseEnv({ DATA_DIR: "/srv/lavage" }));
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect((storage as LocalDiskStorage).root).toBe(path.resolve("/srv/lavage/files"));
  });

  it("needs the endpoint, bucket and keys for STORAGE_DRIVER=s3", () => {
    expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow(
      /S3_ENDPOINT: required[\s\S]*S3_BUCKET: required[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    const env = parseEnv({
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: "https://s3.ca-central-1.amazonaws.com",
      S3_BUCKET: "lavage",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "1",
    });
    expect(env).toMatchObject({ S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: true });
    expect(createStorage(env)).toBeInstanceOf(S3Storage);
    expect(() => parseEnv({ STORAGE_DRIVER: "ftp" })).toThrow(/STORAGE_DRIVER/);
  });
});
