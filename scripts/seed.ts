// `npm run db:seed`: migrates, then fills the catalogue and the network (idempotent).
import { openDatabase } from "~/server/db.server";
import { env } from "~/server/env.server";
import { seed } from "~/server/seed/seed";

const config = env();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  await seed(database.db, { demoAccounts: config.demoAccounts });
  console.log(
    `Données de départ en place (${database.kind}${config.demoAccounts ? ", comptes de démonstration" : ""}).`,
  );
} finally {
  await database.close();
}
