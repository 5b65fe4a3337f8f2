import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./db.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("DATA_DIR lock", () => {
  it("is taken, then released", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "db.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
  });

  it("refuses a second owner while the first process lives", async () => {
    const dir = tempDir();
    const other = spawn("sleep", ["30"]);
    try {
      fs.writeFileSync(path.join(dir, "db.lock"), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/already in use by another process/);
    } finally {
      other.kill();
    }
  });

  it("takes over a stale lock whose process is gone", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "db.lock"), "999999999");
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "db.lock"), "utf8")).toBe(String(process.pid));
    release();
  });
});
