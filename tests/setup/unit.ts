import { afterEach, beforeEach, vi } from "vitest";

// console.error fails a test unless the test expects it (STYLE.md, 'Tests').
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = consoleError.mock.calls;
  const expected = (consoleError as unknown as { __expected?: boolean }).__expected;
  consoleError.mockRestore();
  if (calls.length > 0 && !expected) {
    throw new Error(
      `console.error was called:\n${calls.map((c: unknown[]) => c.map(String).join(" ")).join("\n")}`,
    );
  }
});

/** Marks console.error as expected in the current test and silences it. */
export function expectConsoleError(): void {
  const spy = vi.mocked(console.error) as unknown as {
    __expected?: boolean;
    mockImplementation: (f: () => void) => void;
  };
  spy.__expected = true;
  spy.mockImplementation(() => {});
}
