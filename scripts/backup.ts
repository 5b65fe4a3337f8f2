// `npm run db:backup [FILE]` and `npm run db:restore FILE [--force]` (docs/decisions/032).
//
// A backup is one .tar.gz holding manifest.json, the database and the stored files:
// - PGlite (DATA_DIR): database.tar.gz, PGlite's own dump of its data folder. The server must be
//   stopped: the data folder's lock refuses the backup while it runs, so the copy is consistent.
// - PostgreSQL (DATABASE_URL): database.dump, from pg_dump's custom format (one consistent
//   snapshot, so the app may keep running); restored with pg_restore. Both come from the
//   machine's PostgreSQL client (Debian: apt-get install postgresql-client), of a major version
//   at least the server's.
// - files/: DATA_DIR/files, the local file storage (signatures). With STORAGE_DRIVER=s3 the
//   bucket is not copied: back it up with the provider's versioning or replication.
// Restoring needs an empty target (a new DATA_DIR, or a database without tables); --force
// restores over an existing one (PGlite: the old folder is kept aside as db.before-restore-*).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DataDirLockedError, openPglite } from "~/server/db.server";
import { env } from "~/server/env.server";

const FORMAT = "lavage-backup";
const VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  kind: "pglite" | "postgres";
  createdAt: string;
  /** Files copied from DATA_DIR/files (0 with S3 storage). */
  files: number;
  storage: "local" | "s3";
}

class BackupError extends Error {}

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): void {
  const result = spawnSync(command, args, { encoding: "utf8", env: { ...process.env, ...options.env } });
  if (result.error && (result.error as NodeJS.ErrnoException).code === "ENOENT") {
    throw new BackupError(
      `La commande ${command} est introuvable. Installez le client PostgreSQL ` +
        `(Debian : apt-get install postgresql-client ; sa version majeure doit être au moins celle du serveur).`,
    );
  }
  if (result.status !== 0) {
    throw new BackupError(`${command} a échoué (code ${result.status}) :\n${result.stderr || result.stdout}`);
  }
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp")).length;
}

/** libpq reads the password from PGPASSWORD rather than from a command line others could see. */
function libpqArgs(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { url: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export async function backup(file?: string): Promise<{ file: string; manifest: Manifest }> {
  const config = env();
  const kind = config.DATABASE_URL ? "postgres" : "pglite";
  const target = path.resolve(
    file ?? path.join("backups", `lavage-${kind}-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`),
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-backup-"));
  try {
    if (config.DATABASE_URL) {
      const { url, env: pgEnv } = libpqArgs(config.DATABASE_URL);
      run(
        "pg_dump",
        [
          "--format=custom",
          "--no-owner",
          "--no-privileges",
          `--file=${path.join(work, "database.dump")}`,
          url,
        ],
        {
          env: pgEnv,
        },
      );
    } else {
      if (!fs.existsSync(path.join(config.DATA_DIR, "db"))) {
        throw new BackupError(`Aucune base de données intégrée dans ${config.DATA_DIR}.`);
      }
      let database;
      try {
        database = await openPglite({ dataDir: config.DATA_DIR });
      } catch (error) {
        if (error instanceof DataDirLockedError) {
          throw new BackupError(
            `La base intégrée de ${config.DATA_DIR} est ouverte par un autre processus : arrêtez le serveur ` +
              `(et le worker) avant la sauvegarde, pour une copie cohérente.`,
          );
        }
        throw error;
      }
      try {
        const dump = await database.dumpDataDir!();
        fs.writeFileSync(path.join(work, "database.tar.gz"), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    }

    const filesDir = path.join(config.DATA_DIR, "files");
    const files = config.STORAGE_DRIVER === "local" ? countFiles(filesDir) : 0;
    if (files > 0) fs.cpSync(filesDir, path.join(work, "files"), { recursive: true });
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      kind,
      createdAt: new Date().toISOString(),
      files,
      storage: config.STORAGE_DRIVER,
    };
    fs.writeFileSync(path.join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

    fs.mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    run("tar", ["-czf", partial, "-C", work, "."]);
    fs.renameSync(partial, target);
    return { file: target, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]!.n) === 0;
  } finally {
    await client.end();
  }
}

export async function restore(file: string, { force = false } = {}): Promise<Manifest> {
  const config = env();
  if (!fs.existsSync(file)) throw new BackupError(`Fichier de sauvegarde introuvable : ${file}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-restore-"));
  try {
    run("tar", ["-xzf", path.resolve(file), "-C", work]);
    const manifestPath = path.join(work, "manifest.json");
    const manifest = fs.existsSync(manifestPath)
      ? (JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest)
      : undefined;
    if (manifest?.format !== FORMAT)
      throw new BackupError(`${file} n'est pas une sauvegarde de l'application.`);
    if (manifest.version > VERSION) {
      throw new BackupError(
        `Sauvegarde au format ${manifest.version}, plus récent que cette version de l'application.`,
      );
    }
    const kind = config.DATABASE_URL ? "postgres" : "pglite";
    if (manifest.kind !== kind) {
      throw new BackupError(
        `Cette sauvegarde vient de ${manifest.kind === "pglite" ? "la base intégrée (PGlite)" : "PostgreSQL"} ; ` +
          `${kind === "pglite" ? "définissez DATABASE_URL pour la restaurer dans PostgreSQL" : "retirez DATABASE_URL pour la restaurer dans DATA_DIR"}.`,
      );
    }

    if (config.DATABASE_URL) {
      if (!force && !(await postgresIsEmpty(config.DATABASE_URL))) {
        throw new BackupError(
          "La base PostgreSQL cible contient déjà des tables : restaurez dans une base vide, ou ajoutez --force pour la remplacer.",
        );
      }
      const { url, env: pgEnv } = libpqArgs(config.DATABASE_URL);
      run(
        "pg_restore",
        [
          "--no-owner",
          "--no-privileges",
          "--exit-on-error",
          "--single-transaction",
          ...(force ? ["--clean", "--if-exists"] : []),
          `--dbname=${url}`,
          path.join(work, "database.dump"),
        ],
        { env: pgEnv },
      );
    } else {
      const dbDir = path.join(config.DATA_DIR, "db");
      const lock = path.join(config.DATA_DIR, "db.lock");
      if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
        if (!force) {
          throw new BackupError(
            `${config.DATA_DIR} contient déjà une base : restaurez dans un DATA_DIR vide, ou ajoutez --force pour la remplacer.`,
          );
        }
        if (fs.existsSync(lock)) {
          // Fails with DataDirLockedError while a server runs on it.
          const held = await openPglite({ dataDir: config.DATA_DIR });
          await held.close();
        }
        fs.renameSync(dbDir, path.join(config.DATA_DIR, `db.before-restore-${Date.now()}`));
      }
      const dump = fs.readFileSync(path.join(work, "database.tar.gz"));
      const database = await openPglite({ dataDir: config.DATA_DIR, loadDataDir: new Blob([dump]) });
      await database.close();
    }

    const files = path.join(work, "files");
    if (fs.existsSync(files)) fs.cpSync(files, path.join(config.DATA_DIR, "files"), { recursive: true });
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes("--force");
  const file = rest.find((a) => !a.startsWith("--"));
  if (command === "backup") {
    const { file: written, manifest } = await backup(file);
    console.log(
      `Sauvegarde écrite : ${written} (${manifest.kind === "pglite" ? "base intégrée" : "PostgreSQL"}, ` +
        `${manifest.files} fichier(s)${manifest.storage === "s3" ? " ; stockage S3 non inclus" : ""}).`,
    );
  } else if (command === "restore") {
    if (!file) throw new BackupError("Indiquez le fichier à restaurer : npm run db:restore FICHIER");
    const manifest = await restore(file, { force });
    console.log(
      `Sauvegarde du ${manifest.createdAt} restaurée (${manifest.kind === "pglite" ? "base intégrée" : "PostgreSQL"}, ` +
        `${manifest.files} fichier(s)). Les migrations plus récentes s'appliqueront au démarrage.`,
    );
  } else {
    throw new BackupError("Usage : npm run db:backup -- [FICHIER] | npm run db:restore -- FICHIER [--force]");
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  });
}
