/**
 * PGlite with named prepared statements, each run in one call into its WebAssembly (ADR 054).
 *
 * PGlite's `query` sends the extended protocol one message at a time (Parse, Describe, Bind,
 * Describe, Execute, Sync: six calls into PostgreSQL's loop, six parses of the answers) and
 * parses and plans the text again every time. Here a statement text is parsed once per session
 * under a name, with its parameter types, and each run is one call (Bind, Describe, Execute,
 * Sync): on the seeded bench database a booking's lookups cost a third of the CPU. The values
 * are serialized as PGlite serializes them (by the parameter types PostgreSQL described) and the
 * answers parsed by PGlite's own parser, so drizzle sees the same rows and the same errors.
 *
 * Imported by `openPglite` only (a PostgreSQL server never loads PGlite).
 */
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";

/** What drizzle's PGlite driver calls on its client and on a transaction's. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

/**
 * The named statements kept per session: the app's statement texts are a few hundred at most;
 * beyond, the least recently used is closed (its plan freed in the WebAssembly memory).
 */
const MAX_STATEMENTS = 300;

/**
 * Only these are kept as named statements: one data statement each. Anything else (DDL of the
 * migrations, SET, BEGIN) keeps PGlite's own path.
 */
const REUSABLE = /^\s*(select|insert|update|delete|with)\s/i;

/**
 * Only statements of the app's everyday size are kept: a bulk insert of many rows (the seed of a
 * new database) is seldom run twice, and its plan would stay in PGlite's WebAssembly memory,
 * which never shrinks.
 */
const MAX_PARAMS = 64;
const MAX_TEXT_LENGTH = 4_000;

/**
 * A statement kept by name can stop matching the schema (a migration changed a table under it):
 * PostgreSQL then refuses it (0A000 "cached plan must not change result type"); it is parsed
 * again on the next run. 26000: the name is unknown (should not happen; same remedy).
 */
const STALE_STATEMENT = new Set(["0A000", "26000"]);

interface Prepared {
  name: string;
  paramTypes: number[];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** PGlite's errors carry the statement, as its own `query` adds them. */
function withStatement(error: unknown, text: string, params: unknown[], options?: QueryOptions): unknown {
  if (error && typeof error === "object" && "code" in error) {
    Object.assign(error, { query: text, params, queryOptions: options });
  }
  return error;
}

export function preparedStatementsClient(pg: PGlite): PgliteClient {
  const { serialize } = protocol;
  // Insertion order is the use order: a statement used again is moved to the end.
  const statements = new Map<string, Prepared>();
  const toClose: Uint8Array[] = [];
  let counter = 0;

  async function trip(parts: Uint8Array[], options?: QueryOptions) {
    if (toClose.length > 0) parts.unshift(...toClose.splice(0));
    const { messages } = await pg.execProtocol(concat(parts), {
      syncToFs: false,
      onNotice: options?.onNotice,
    });
    return messages;
  }

  async function prepared(text: string, options?: QueryOptions): Promise<Prepared> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `drizzle_${++counter}`;
    const messages = await trip(
      [
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ],
      options,
    );
    const description = messages.find((message) => message.name === "parameterDescription") as
      { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldest] = statements;
      statements.delete(oldest![0]);
      toClose.push(serialize.close({ type: "S", name: oldest![1].name }));
    }
    return statement;
  }

  /** One run of a named statement; the caller holds PGlite's query lock. */
  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    try {
      const statement = await prepared(text, options);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i]!;
        const serializer = options?.serializers?.[type] ?? pg.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await trip(
        [
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ],
        options,
      );
      return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && STALE_STATEMENT.has(code)) statements.delete(text);
      throw withStatement(error, text, params, options);
    }
  }

  const reusable = (text: string, params: unknown[], options?: QueryOptions) =>
    !options?.blob && params.length <= MAX_PARAMS && text.length <= MAX_TEXT_LENGTH && REUSABLE.test(text);

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (!reusable(text, params, options)) return pg.query<T>(text, params, options);
      // As PGlite's own `query`: not inside another caller's transaction, then saved to disk.
      const result = await pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(() => run<T>(text, params, options)),
      );
      await pg.syncToFs();
      return result;
    },
    transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      return pg.transaction((tx) =>
        callback({
          query<R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> {
            if (tx.closed) throw new Error("Transaction is closed");
            if (!reusable(text, params, options)) return tx.query<R>(text, params, options);
            return pg._runExclusiveQuery(() => run<R>(text, params, options));
          },
          sql: (strings, ...params) => tx.sql(strings, ...params),
          exec: (text, options) => tx.exec(text, options),
          rollback: () => tx.rollback(),
          listen: (channel, handler) => tx.listen(channel, handler),
          get closed() {
            return tx.closed;
          },
        }),
      );
    },
  };
}
