// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the PGlite in DATA_DIR.
import { openDatabase } from "~/server/db.server";
import { env } from "~/server/env.server";

const config = env();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  console.log(`Migrations appliquées (${database.kind}).`);
} finally {
  await database.close();
}
