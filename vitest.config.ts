import { defineConfig } from "vitest/config";
import HeavyFilesFirst from "./tests/setup/heavy-files-first";

const resolve = { tsconfigPaths: true };

export default defineConfig({
  resolve,
  test: {
    // A few long but small files first (tests/setup/heavy-files-first.ts): one option for every project.
    sequence: { sequencer: HeavyFilesFirst },
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          // Vitest's default leaves one core idle (n - 1 workers): on CI's 2 cores, one file at a
          // time. Each file is its own worker, so both cores can take one.
          maxWorkers: "100%",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
          environment: "node",
          // A worker runs file after file (ADR 117), as in the db project below.
          isolate: false,
          setupFiles: ["tests/setup/fresh-file.ts", "tests/setup/unit.ts"],
          // Component tests render in jsdom: on a loaded 2-core machine one can pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        resolve,
        test: {
          name: "db",
          // Two files at a time on 2 cores: a file's PGlite is one thread, and while it waits on
          // PostgreSQL its core would sit idle. Each file copies its own databases (tests/setup/db.ts).
          maxWorkers: "100%",
          // Each file's PGlite is compiled by V8's baseline compiler only (ADR 081).
          execArgv: ["--liftoff-only"],
          include: ["app/**/*.db.test.ts", "db/**/*.db.test.ts", "tests/db/**/*.db.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/db-global.ts"],
          // A worker runs file after file (ADR 117): the packages are loaded once per worker, and
          // tests/setup/fresh-file.ts puts back before each file what one could leave to the next.
          isolate: false,
          setupFiles: ["tests/setup/fresh-file.ts", "tests/setup/unit.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/http-global.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Each file starts its own servers and spends most of its time waiting on them (the
          // suite's CPU time is a fraction of its wall time): three files at a time.
          maxWorkers: 3,
        },
      },
    ],
  },
});
