import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const serverOnly = ["~/server/*", "~/server/**", "#db/*", "#db/**", "**/*.server", "**/*.server.ts"];

// One zod import path: `~/lib/zod-fr`, which sets the French messages (docs/conventions.md,
// 'Input validation and errors'). Only that module imports the package itself.
const oneZod = {
  paths: [{ name: "zod", message: "Import z from ~/lib/zod-fr (French messages), not from zod." }],
  patterns: [{ group: ["zod/*"], message: "Import z from ~/lib/zod-fr (French messages), not from zod." }],
};

// Layers (ADR 083): services and the domain know nothing of HTTP, React Router or the routes.
const httpFree = {
  paths: [
    { name: "react-router", message: "React Router stays in the routes and app/server/http (ADR 083)." },
  ],
  patterns: [
    {
      group: [
        "@react-router/*",
        "~/server/http/*",
        "~/server/http/**",
        "~/routes/*",
        "~/routes/**",
        "**/+types/*",
        // The two modules outside app/server/http that hold React Router (cookies, the load context).
        "**/flash.server",
        "**/request-info.server",
      ],
      message:
        "Services and the domain know nothing of HTTP or the routes: route glue lives in app/routes or app/server/http (ADR 083).",
    },
  ],
};

/** One no-restricted-imports rule from parts (a later config object replaces the rule whole). */
function restrictedImports(...parts) {
  return [
    "error",
    {
      paths: parts.flatMap((part) => part.paths ?? []),
      patterns: parts.flatMap((part) => part.patterns ?? []),
    },
  ];
}

const root = fileURLToPath(new URL(".", import.meta.url));

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // No import circle (ADR 055): a module never reaches itself again through its imports.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "scripts/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          // An absolute path: with a relative one, resolved paths come back relative.
          tsconfig: { configFile: fileURLToPath(new URL("./tsconfig.json", import.meta.url)) },
        }),
      ],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      // The modules it follows are read with the TypeScript parser.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      // Type-only imports are erased at build time: they cannot form a circle at run time.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["app/lib/zod-fr.ts"],
    rules: { "no-restricted-imports": restrictedImports(oneZod) },
  },
  {
    // Import direction (docs/conventions.md, 'Import direction'): components and lib never
    // reach server code or the database.
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.ts"],
    ignores: ["app/lib/zod-fr.ts"],
    rules: {
      "no-restricted-imports": restrictedImports(oneZod, {
        patterns: [
          {
            group: serverOnly,
            message: "Server code and the database stay out of components, domain and lib.",
          },
        ],
      }),
    },
  },
  {
    files: ["app/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": restrictedImports(oneZod, httpFree, {
        patterns: [
          { group: serverOnly, message: "The domain is pure: no server code, no database." },
          {
            group: ["~/components/*", "~/components/**", "react"],
            message: "The domain has no React.",
          },
        ],
      }),
    },
  },
  {
    // Services, and every server module beside them that services may import (auth, jobs, mail,
    // payments…), know nothing of React Router: only app/server/http, the Express app and the two
    // modules named in httpFree hold it.
    files: ["app/server/**/*.{ts,tsx}"],
    ignores: [
      "app/server/http/**",
      "app/server/app.ts",
      "app/server/bootstrap.server.ts",
      "app/server/flash.server.ts",
      "app/server/request-info.server.ts",
      "**/*.test.{ts,tsx}",
    ],
    rules: { "no-restricted-imports": restrictedImports(oneZod, httpFree) },
  },
  {
    // The same layers by resolved file, so that a relative path ('../../http/…') is refused too.
    files: ["app/server/services/**/*.{ts,tsx}", "app/domain/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: ["./app/server/services", "./app/domain"],
              from: ["./app/server/http", "./app/routes"],
              message: "Services and the domain know nothing of HTTP or the routes (ADR 083).",
            },
            {
              target: "./app/domain",
              from: ["./app/server", "./db"],
              message: "The domain is pure: no server code, no database.",
            },
          ],
        },
      ],
    },
  },
  {
    // Components never run route code. They may read a route's data types (React Router's
    // generated Route.ComponentProps, app/routes/booking/*-types.ts): erased at build, and the
    // one source of those shapes, where a copy by hand would drift from the loader.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/routes/*", "~/routes/**"],
              allowTypeImports: true,
              message: "Components import no route code; a route's data types only, as `import type`.",
            },
          ],
        },
      ],
    },
  },
  {
    // lib is the floor of the app: the domain, components, routes and server build on it, never
    // the other way (the French catalogue's checks against domain types live in the domain).
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "./app/lib",
              from: ["./app/domain", "./app/components", "./app/routes", "./app/server", "./db"],
              message:
                "app/lib is the floor: it imports nothing of the domain, components, routes or server.",
            },
          ],
        },
      ],
    },
  },
  {
    // The schema and migrations sit under every layer: db/ imports nothing of the app (the seed,
    // which calls services, lives in app/server/seed).
    files: ["db/**/*.ts"],
    ignores: ["**/*.db.test.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            {
              target: "./db",
              from: ["./app", "./scripts", "./tests"],
              message: "db/ holds the schema and migrations only: it imports nothing of the app.",
            },
          ],
        },
      ],
    },
  },
  {
    // Module size (docs/conventions.md, 'Module size'): a module over 300 lines is split by
    // responsibility. Tests are exempt: a suite reads top to bottom.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "scripts/**/*.{ts,mjs}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.spec.{ts,tsx}", "**/*.db.test.ts"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The named exceptions to the size rule, each with its reason; no other module is exempt.
    files: [
      // Legal prose: the privacy policy and terms read as one document each.
      "app/components/legal/privacy-sections.tsx",
      "app/components/legal/terms-sections.tsx",
      // Message catalogues: data, already one file per area.
      "app/lib/messages/*.fr.ts",
      // Seed data: rows, not logic.
      "app/server/seed/seed-data.ts",
      // Design-system demo pages: one showcase page per family of components.
      "app/components/design-system/demos-*.tsx",
      // One-off scripts run by hand (benchmark, image generation), not part of the app.
      "scripts/bench.mjs",
      "scripts/generate-images.mjs",
      "scripts/generate-hero-images.mjs",
    ],
    rules: { "max-lines": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
        Buffer: "readonly",
      },
    },
  },
  {
    // The crew's service worker (ADR 089): a plain script in the worker's global scope.
    files: ["public/crew-sw.js"],
    languageOptions: {
      globals: { self: "readonly", caches: "readonly", Request: "readonly", Response: "readonly" },
    },
  },
);
