import { afterEach, beforeEach, vi } from "vitest";
import { configureLogger, resetLogger } from "~/server/log.server";

/** One line written by the server's logger during the current test. */
export interface LoggedLine {
  level: "debug" | "info" | "warn" | "error";
  msg: string;
  [field: string]: unknown;
}

// The server's log lines are kept here, not printed: tests stay quiet and may read them.
const lines: LoggedLine[] = [];

/** The log lines written so far in the current test. */
export function loggedLines(level?: LoggedLine["level"]): LoggedLine[] {
  return level ? lines.filter((line) => line.level === level) : [...lines];
}

// console.error and error log lines fail a test unless the test expects them
// (docs/conventions.md, 'Tests').
let consoleError: ReturnType<typeof vi.spyOn>;
let errorExpected = false;
beforeEach(() => {
  lines.length = 0;
  errorExpected = false;
  const keep = (raw: string) => lines.push(JSON.parse(raw) as LoggedLine);
  configureLogger({ sink: { out: keep, err: keep } });
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  resetLogger();
  const calls = consoleError.mock.calls.map((c: unknown[]) => c.map(String).join(" "));
  consoleError.mockRestore();
  const errors = [...calls, ...loggedLines("error").map((line) => JSON.stringify(line))];
  if (errors.length > 0 && !errorExpected) {
    throw new Error(`console.error or log.error was called:\n${errors.join("\n")}`);
  }
});

/** Marks console.error and error log lines as expected in the current test, and silences them. */
export function expectConsoleError(): void {
  errorExpected = true;
  vi.mocked(console.error).mockImplementation(() => {});
}
