import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { withDatabase } from "../setup/database-url";

/**
 * A PostgreSQL database on TEST_DATABASE_URL's server, migrated and seeded (a copy of the set-up's
 * template, tests/setup/http-global.ts), and a way to drop it.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `lavage_http_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = inject("httpPostgresTemplate");
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  await admin.end();
  return {
    url: withDatabase(base, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
