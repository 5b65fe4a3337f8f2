import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "./db.server";

/**
 * Runs several INSERT statements (drizzle builders, not yet run; nulls are skipped) as one, and
 * returns the rows the last one returns (RETURNING): all but the last become data-modifying
 * CTEs, which PostgreSQL runs exactly once and to completion whether or not the main statement
 * reads them. One round trip instead of one each (ADR 054): in
 * a transaction, each round trip is time the transaction holds its locks (and on PGlite, the one
 * session) while it waits for the app's turn.
 */
export async function insertTogether(
  db: Db | Tx,
  inserts: readonly ({ getSQL(): SQL } | null)[],
): Promise<Record<string, unknown>[]> {
  // getSQL(): a builder put in sql`` as it is comes out in parentheses, which a CTE refuses.
  const statements = inserts.flatMap((statement) => (statement ? [statement.getSQL()] : []));
  const last = statements.pop();
  if (!last) return [];
  const ctes = statements.map((statement, i) => sql`${sql.identifier(`insert_${i}`)} as (${statement})`);
  const result = await db.execute(
    statements.length === 0 ? last : sql`with ${sql.join(ctes, sql`, `)} ${last}`,
  );
  // The last statement's RETURNING rows, by column name (node-postgres and PGlite alike).
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/**
 * A statement drizzle builds and names once per database handle (`.prepare(name)` with
 * `sql.placeholder` values), for the few that every booking runs (ADR 054; scripts/bench-measurements.md, eleventh pass): drizzle
 * no longer builds its SQL text for each run, and PostgreSQL parses and plans it once per
 * connection.
 * Meant for the process's `Db`, not a transaction's handle (a prepared statement runs on the
 * handle it was made on).
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (statement === undefined) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}
