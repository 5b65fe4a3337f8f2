import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import { acquireDataDirLock, openPglite, openPostgres, type Database } from "~/server/db.server";
import { withDatabase } from "../setup/database-url";
import { databaseKinds, type DatabaseKind } from "../setup/db";

/**
 * `npm run db:backup` then `npm run db:restore` (scripts/backup.ts, run as a real process) carry
 * a seeded database with extra rows and the stored files into an empty database or DATA_DIR:
 * every table holds the same rows afterwards, and the files the same bytes.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-backup-test-"));
const createdDatabases: string[] = [];

afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  const base = process.env.TEST_DATABASE_URL;
  if (!base || createdDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  for (const name of createdDatabases) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

interface Target {
  dataDir: string;
  databaseUrl?: string;
}

async function newTarget(kind: DatabaseKind): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(tmp, "data-"));
  if (kind === "pglite") return { dataDir };
  const base = process.env.TEST_DATABASE_URL!;
  const name = `lavage_backup_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  createdDatabases.push(name);
  return { dataDir, databaseUrl: withDatabase(base, name) };
}

function open(target: Target): Promise<Database> {
  return target.databaseUrl ? openPostgres(target.databaseUrl, 2) : openPglite({ dataDir: target.dataDir });
}

function cli(target: Target, ...args: string[]) {
  const result = spawnSync(process.execPath, ["node_modules/.bin/tsx", "scripts/backup.ts", ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? "",
      NODE_ENV: "production",
    },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Every table's row count and a hash of its rows, in a stable order. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const query = async <T>(q: ReturnType<typeof sql>) =>
    ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const tables = await query<{ schema: string; name: string }>(
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const out: Record<string, string> = {};
  for (const t of tables) {
    const id = `"${t.schema}"."${t.name}"`;
    const [row] = await query<{ n: number | string; h: string }>(
      sql.raw(
        `select count(*) as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${id} t`,
      ),
    );
    out[id] = `${row!.n}:${row!.h}`;
  }
  return out;
}

const SIGNATURE = crypto.randomBytes(2048);

for (const kind of databaseKinds) {
  // Each step runs the CLI as a process (tsx start, PGlite dump or pg_dump): slow on a busy machine.
  describe(`db:backup and db:restore [${kind}]`, { timeout: 180_000 }, () => {
    let source: Target;
    let before: Record<string, string>;
    const file = path.join(tmp, `backup-${kind}.tar.gz`);

    it("backs up a seeded database with extra rows and the stored files", async () => {
      source = await newTarget(kind);
      const database = await open(source);
      try {
        await database.migrate();
        await seed(database.db, { demoAccounts: true });
        await database.db.execute(
          sql`insert into contact_messages (name, email, phone, message)
              values ('Léa Sauvegarde', 'lea.sauvegarde@example.com', '+14505550142', 'Gardez-moi précieusement')`,
        );
        await database.db.execute(
          sql`insert into app_settings (key, value) values ('backup-test', ${crypto.randomUUID()})`,
        );
        before = await fingerprint(database);
      } finally {
        await database.close();
      }
      fs.mkdirSync(path.join(source.dataDir, "files", "signatures"), { recursive: true });
      fs.writeFileSync(path.join(source.dataDir, "files", "signatures", "signature_test.png"), SIGNATURE);

      const result = cli(source, "backup", file);
      expect(result.output).toContain("Sauvegarde écrite");
      expect(result.code).toBe(0);
      expect(fs.statSync(file).size).toBeGreaterThan(0);
      expect(Object.keys(before).length).toBeGreaterThan(10);
      expect(before['"public"."contact_messages"']).toMatch(/^1:/);
    });

    it("restores into an empty database: the same rows in every table, the same files", async () => {
      const target = await newTarget(kind);
      const result = cli(target, "restore", file);
      expect(result.output).toContain("restaurée");
      expect(result.code).toBe(0);

      const database = await open(target);
      try {
        expect(await fingerprint(database)).toEqual(before);
        const rows = (
          (await database.db.execute(sql`select name, email, message from contact_messages`)) as unknown as {
            rows: unknown[];
          }
        ).rows;
        expect(rows).toEqual([
          {
            name: "Léa Sauvegarde",
            email: "lea.sauvegarde@example.com",
            message: "Gardez-moi précieusement",
          },
        ]);
        // The app starts on it: migrations are up to date.
        await database.migrate();
      } finally {
        await database.close();
      }
      expect(fs.readFileSync(path.join(target.dataDir, "files", "signatures", "signature_test.png"))).toEqual(
        SIGNATURE,
      );

      // A second restore over it is refused: nothing is overwritten by mistake.
      const again = cli(target, "restore", file);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/contient déjà (une base|des tables)/);

      // --force restores over it (after a change), and keeps the replaced PGlite folder aside.
      const changed = await open(target);
      try {
        await changed.db.execute(sql`delete from contact_messages`);
      } finally {
        await changed.close();
      }
      const forced = cli(target, "restore", file, "--force");
      expect(forced.output).toContain("restaurée");
      expect(forced.code).toBe(0);
      const restored = await open(target);
      try {
        expect(await fingerprint(restored)).toEqual(before);
      } finally {
        await restored.close();
      }
      if (kind === "pglite") {
        expect(fs.readdirSync(target.dataDir).some((name) => name.startsWith("db.before-restore-"))).toBe(
          true,
        );
      }
    });

    it("refuses a backup of another kind, and a missing file, with a French message", () => {
      const other: Target =
        kind === "pglite"
          ? { dataDir: fs.mkdtempSync(path.join(tmp, "x-")), databaseUrl: "postgres://127.0.0.1:1/none" }
          : { dataDir: fs.mkdtempSync(path.join(tmp, "x-")) };
      const wrongKind = cli(other, "restore", file);
      expect(wrongKind.code).toBe(1);
      expect(wrongKind.output).toMatch(/Cette sauvegarde vient de/);
      const missing = cli(source, "restore", path.join(tmp, "absent.tar.gz"));
      expect(missing.code).toBe(1);
      expect(missing.output).toContain("Fichier de sauvegarde introuvable");
    });

    it.runIf(kind === "pglite")("refuses to back up an embedded database a running server holds", () => {
      const release = acquireDataDirLock(source.dataDir); // held by this (live) process
      try {
        const result = cli(source, "backup", path.join(tmp, "while-running.tar.gz"));
        expect(result.code).toBe(1);
        expect(result.output).toContain("arrêtez le serveur");
        expect(fs.existsSync(path.join(tmp, "while-running.tar.gz"))).toBe(false);
      } finally {
        release();
      }
    });
  });
}
