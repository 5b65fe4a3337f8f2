import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const serverOnly = ["~/server/*", "~/server/**", "#db/*", "#db/**", "**/*.server", "**/*.server.ts"];

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
    // Import direction (docs/conventions.md, 'Import direction'): components and domain never
    // reach server code or the database.
    files: ["app/components/**/*.{ts,tsx}", "app/domain/**/*.ts", "app/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: serverOnly,
              message: "Server code and the database stay out of components, domain and lib.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: serverOnly, message: "The domain is pure: no server code, no database." },
            {
              group: ["~/components/*", "~/components/**", "react", "react-router"],
              message: "The domain has no React.",
            },
          ],
        },
      ],
    },
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
);
