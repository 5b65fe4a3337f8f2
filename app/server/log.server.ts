import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { pino } from "pino";

/**
 * The server's logger, on pino (ADR 061): one JSON object per line on stdout (info, debug) or
 * stderr (warn, error), {level, time, msg, requestId?, ...fields}. Every field and message goes through `redact`: no
 * password, token, cookie, e-mail address, phone number or street address reaches the logs.
 * LOG_LEVEL (debug, info, warn, error) drops the lines below it.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

const LEVELS = ["debug", "info", "warn", "error"] as const satisfies readonly LogLevel[];

/** What one request's log lines share: set by the request middleware (app.ts). */
export interface RequestContext {
  requestId: string;
  /** The SQL statements sent for this request so far (countStatement), logged with it. */
  statements?: number;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `context`: every log line written meanwhile carries its request id. */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return requestContext.run(context, fn);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/**
 * One more SQL statement for the request being served, if any (ADR 105): drizzle's logger calls
 * it for each statement (db.server.ts), and the request's log line gives the total, so that a
 * page whose statements grow with its rows (N+1) shows. BEGIN, COMMIT and ROLLBACK are left out:
 * drizzle sends them itself on PostgreSQL, PGlite's transaction does, so the counts of both
 * databases compare.
 */
export function countStatement(text: string): void {
  const context = requestContext.getStore();
  if (!context || /^\s*(?:begin|commit|rollback)\b/i.test(text)) return;
  context.statements = (context.statements ?? 0) + 1;
}

/** The request being served (one object per request), for work its loaders share (page-load.server.ts). */
export function currentRequestContext(): RequestContext | undefined {
  return requestContext.getStore();
}

const REDACTED = "[masqué]";

/** Keys whose values are secrets or contact details, whatever the value looks like. */
const SENSITIVE_KEY =
  /pass(word)?|mot.?de.?passe|secret|token|jeton|cookie|authori[sz]ation|api.?key|session|signature|e.?mail|courriel|phone|t[ée]l[ée]phone|mobile|address|adresse|street|postal/i;

/** Longest string written to a log line; a longer one is cut after its redaction (ADR 041). */
export const LOG_STRING_MAX = 4000;
/** North American numbers as people type them: 450 555-0199, (450) 555.0199, +1 450 555 0199. */
const PHONE = /(?<![\w-])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?!\w)/g;
/** Canadian postal codes: J2G 2T5, j2g2t5. */
const POSTAL_CODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d\b/gi;
/** A civic number followed by a street word, up to the end of that address part. */
const STREET =
  /\b\d{1,6}[A-Z]?(?:-\d{1,6})?,?\s+(?:(?:rue|avenue|av\.?|boulevard|boul\.?|bd|chemin|ch\.?|route|rang|place|pl\.?|côte|cote|montée|montee|allée|allee|impasse|croissant|terrasse|promenade|street|st\.?|road|rd\.?|drive|dr\.?|lane|way|court|ct\.?)\b)[^,;\n"]*/giu;
/** Bearer and better-auth style tokens: long runs of base64url characters. */
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const QUERY_SECRET = /([?&](?:token|code|password|key|secret|signature)=)[^&\s"]*/gi;

const LOCAL_CHAR = /^[\p{L}\p{N}._%+-]$/u;
const DOMAIN_CHAR = /^[\p{L}\p{N}.-]$/u;
const LETTER = /^\p{L}$/u;

/** The code point that ends just before `end` (a surrogate pair counts as one). */
function charBefore(text: string, end: number): string {
  const low = text.charCodeAt(end - 1);
  if (end >= 2 && low >= 0xdc00 && low <= 0xdfff) {
    const high = text.charCodeAt(end - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(end - 2, end);
  }
  return text[end - 1]!;
}

/**
 * E-mail addresses masked in one pass, linear in the text's length (a regex over unbounded input
 * backtracked quadratically: 100 KB froze the server 25 s, ADR 041). For each `@`: the run of
 * local-part characters just before it and the run of domain characters just after it form an
 * address when the domain has a dot followed by two letters or more.
 */
export function maskEmails(text: string): string {
  let out = "";
  let copied = 0;
  let at = text.indexOf("@");
  while (at !== -1) {
    // Left: local-part characters, not before what was already copied (or masked).
    let start = at;
    while (start > copied) {
      const c = charBefore(text, start);
      if (!LOCAL_CHAR.test(c)) break;
      start -= c.length;
    }
    // Right: domain characters; they stop at the next `@`, so each character is read once.
    let end = at + 1;
    let lastDot = -1;
    let lettersAfterDot = 0;
    let tld = false;
    while (end < text.length) {
      const code = text.codePointAt(end)!;
      const c = String.fromCodePoint(code);
      if (!DOMAIN_CHAR.test(c)) break;
      if (c === ".") {
        if (end > at + 1) lastDot = end;
        lettersAfterDot = 0;
      } else if (lastDot !== -1 && LETTER.test(c)) {
        if (++lettersAfterDot >= 2 && lastDot > at + 1) tld = true;
      } else {
        lettersAfterDot = lastDot === -1 ? 0 : -Infinity;
      }
      end += c.length;
    }
    if (start < at && tld) {
      out += text.slice(copied, start) + REDACTED;
      copied = end;
      at = text.indexOf("@", end);
    } else {
      at = text.indexOf("@", at + 1);
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * The text with e-mail addresses, phone numbers, street addresses, postal codes and tokens
 * masked. Every pattern runs in time linear in the text (no nested or overlapping repetition),
 * then a text longer than `LOG_STRING_MAX` is cut: a log line never holds a whole request body.
 */
export function redactText(text: string): string {
  const redacted = maskEmails(text.replace(BEARER, `$1 ${REDACTED}`).replace(QUERY_SECRET, `$1${REDACTED}`))
    .replace(STREET, REDACTED)
    .replace(POSTAL_CODE, REDACTED)
    .replace(PHONE, REDACTED);
  if (redacted.length <= LOG_STRING_MAX) return redacted;
  return `${redacted.slice(0, LOG_STRING_MAX)}… [${redacted.length - LOG_STRING_MAX} caractères coupés]`;
}

/**
 * A copy of `value` safe to log: values under sensitive keys are masked, strings are scrubbed
 * with `redactText`, errors keep their name, message and stack (scrubbed), cycles are cut.
 */
export function redact(value: unknown, seen = new WeakSet<object>(), depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") {
    return typeof value === "bigint" ? value.toString() : value;
  }
  if (seen.has(value)) return "[cycle]";
  if (depth > 6) return "[…]";
  seen.add(value);
  if (value instanceof Error) {
    const out: LogFields = { name: value.name, message: redactText(value.message) };
    if (value.stack) out.stack = redactText(value.stack);
    const code = (value as { code?: unknown }).code;
    if (typeof code === "string" || typeof code === "number") out.code = code;
    if (value.cause !== undefined) out.cause = redact(value.cause, seen, depth + 1);
    return out;
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redact(item, seen, depth + 1));
  const out: LogFields = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      SENSITIVE_KEY.test(key) && item != null && item !== "" ? REDACTED : redact(item, seen, depth + 1);
  }
  return out;
}

export interface LogSink {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A pino destination that hands each line, without its newline, to `write`. */
function lineStream(write: (line: string) => void): pino.DestinationStream {
  return { write: (chunk: string) => write(chunk.endsWith("\n") ? chunk.slice(0, -1) : chunk) };
}

/**
 * The pino logger behind `log`: debug and info lines to `out` (stdout), warn and error to `err`
 * (stderr), each line {level, time, msg, requestId?, ...fields}. Fields and message are redacted
 * by `write` before pino sees them; `mixin` adds the request id of the request being served.
 */
function createLogger(level: LogLevel, sink?: LogSink): pino.Logger<never, false> {
  const out = sink ? lineStream(sink.out) : pino.destination({ dest: 1, sync: true });
  const err = sink ? lineStream(sink.err) : pino.destination({ dest: 2, sync: true });
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      // Errors are already plain objects (redact): no serializer may turn them back.
      serializers: { err: (value: unknown) => value },
    },
    pino.multistream(
      [
        { level: "debug", stream: out },
        { level: "warn", stream: err },
      ],
      { dedupe: true },
    ),
  );
}

let currentSink: LogSink | undefined;
let logger = createLogger(readLevel(process.env.LOG_LEVEL));

function readLevel(value: string | undefined): LogLevel {
  return value && (LEVELS as readonly string[]).includes(value) ? (value as LogLevel) : "info";
}

/**
 * Tests: send the lines elsewhere and change the level; `resetLogger` undoes it.
 * @internal Used by the tests only (`knip --production`).
 */
export function configureLogger(options: { sink?: LogSink; level?: LogLevel }): void {
  currentSink = options.sink ?? currentSink;
  logger = createLogger(options.level ?? (logger.level as LogLevel), currentSink);
}

/**
 * Undoes `configureLogger`.
 * @internal Used by the tests only (`knip --production`).
 */
export function resetLogger(): void {
  currentSink = undefined;
  logger = createLogger(readLevel(process.env.LOG_LEVEL));
}

/**
 * The pino logger behind `log`, for the request lines of pino-http (app.ts), which hands it
 * fields already redacted. A new one after `configureLogger`.
 */
export function pinoLogger(): pino.Logger<never, false> {
  return logger;
}

/** Writes one log line (the message and fields redacted). */
export function write(level: LogLevel, msg: string, fields: LogFields = {}): void {
  if (!logger.isLevelEnabled(level)) return;
  logger[level](redact(fields) as LogFields, redactText(msg));
}

export const log = {
  debug: (msg: string, fields?: LogFields) => write("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => write("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => write("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => write("error", msg, fields),
};

/**
 * Turns console.* calls (from code not yet using `log`, and from libraries, e.g. React Router's
 * error report) into redacted JSON lines. The first string is the message, errors go in `err`,
 * other values in `args`. Returns a function that restores the console.
 */
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export function captureConsole(): () => void {
  const methods: ["log" | "info" | "debug" | "warn" | "error", LogLevel][] = [
    ["log", "info"],
    ["info", "info"],
    ["debug", "debug"],
    ["warn", "warn"],
    ["error", "error"],
  ];
  const previous = methods.map(([name]) => [name, console[name]] as const);
  for (const [name, level] of methods) {
    console[name] = (...args: unknown[]) => {
      const errors = args.filter((a): a is Error => a instanceof Error);
      let others = args.filter((a) => !(a instanceof Error));
      let msg = errors[0]?.message ?? "";
      if (typeof others[0] === "string") {
        // printf-style placeholders take the values that follow; else the string is the message.
        const placeholders = /%[sdifjoOc]/.test(others[0]);
        msg = placeholders ? format(...(others as [string])) : others[0];
        others = placeholders ? [] : others.slice(1);
      }
      // Libraries colour their console output (better-auth does): no escape codes in JSON.
      msg = msg.replace(ANSI, "");
      const fields: LogFields = {};
      if (errors.length === 1) fields.err = errors[0];
      else if (errors.length > 1) fields.err = errors;
      if (others.length > 0) fields.args = others;
      write(level, msg, fields);
    };
  }
  return () => {
    for (const [name, fn] of previous) console[name] = fn;
  };
}
