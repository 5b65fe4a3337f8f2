import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startServer } from "../http/server";
import { withDatabase } from "./database-url";

/**
 * The HTTP tests start some sixty production servers. Each one migrating and seeding an empty
 * database cost most of its start: here one server does it once, on PGlite (a data folder each
 * server copies) and, with TEST_DATABASE_URL, on PostgreSQL (a template database each test's
 * database is created from). The first start on an empty database stays covered by
 * lifecycle.test.ts (`fresh`), `npm start` and the browser tests' server.
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-http-template-"));
  const dataDir = path.join(root, "data");
  const server = await startServer({ DATA_DIR: dataDir }, { fresh: true });
  await server.stop();
  project.provide("httpDataTemplate", dataDir);

  const url = process.env.TEST_DATABASE_URL;
  let pgTemplate: string | null = null;
  if (url) {
    pgTemplate = `lavage_http_tpl_${process.pid}_${Date.now()}`;
    await adminQuery(url, `create database "${pgTemplate}"`);
    const seeded = await startServer({ DATABASE_URL: withDatabase(url, pgTemplate) }, { fresh: true });
    await seeded.stop();
    fs.rmSync(seeded.dataDir, { recursive: true, force: true });
  }
  project.provide("httpPostgresTemplate", pgTemplate);

  return async () => {
    fs.rmSync(root, { recursive: true, force: true });
    if (url && pgTemplate) await adminQuery(url, `drop database if exists "${pgTemplate}" with (force)`);
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    httpDataTemplate: string;
    httpPostgresTemplate: string | null;
  }
}
