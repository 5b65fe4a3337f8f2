import { defineConfig } from "vite";

/**
 * The command-line programs, built like the server (ADR 099): `npm run worker`, `db:migrate`,
 * `db:seed`, `db:backup` and `db:restore` run these files from the build directory, never the
 * TypeScript sources (no tsx in production). `npm run build` builds them after the app.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    ssr: true,
    outDir: `${process.env.BUILD_DIR ?? "build"}/cli`,
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: {
        worker: "scripts/worker.ts",
        migrate: "scripts/migrate.ts",
        seed: "scripts/seed.ts",
        backup: "scripts/backup.ts",
      },
      output: { entryFileNames: "[name].js" },
    },
  },
});
