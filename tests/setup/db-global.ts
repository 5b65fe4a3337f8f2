import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../app/server/db.server";
import { withDatabase } from "./database-url";

/**
 * Migrates one PGlite template (dumped to a file that every test file loads) and, when
 * TEST_DATABASE_URL is set, one PostgreSQL template database that every test file copies.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-db-tests-"));
  const template = await openPglite({});
  await template.migrate();
  const dump = await template.dumpDataDir!();
  const dumpPath = path.join(dir, "template.tar.gz");
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  project.provide("pgliteTemplate", dumpPath);

  let pgTemplate: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    pgTemplate = `lavage_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${pgTemplate}"`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, pgTemplate), 1);
    await database.migrate();
    await database.close();
  }
  project.provide("postgresTemplate", pgTemplate);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && pgTemplate) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`lavage_t%_${process.pid}_%`],
      );
      for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
      await admin.query(`drop database if exists "${pgTemplate}" with (force)`);
      await admin.end();
    }
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}
