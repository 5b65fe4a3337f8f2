import fs from "node:fs";
import { expect, it } from "vitest";

// docs/conventions.md, 'Dependencies': every dependency at the exact version the lockfile holds.
const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as Record<
  string,
  Record<string, string>
>;
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { name?: string; version?: string }>;
};

it("pins every dependency to the exact version of package-lock.json", () => {
  const loose: string[] = [];
  for (const section of ["dependencies", "devDependencies", "optionalDependencies"]) {
    for (const [name, spec] of Object.entries(manifest[section] ?? {})) {
      const locked = lock.packages[`node_modules/${name}`];
      // An alias (a second major beside the first, ADR 119) names its package: npm:typescript@7.0.2.
      const exact = locked?.name ? `npm:${locked.name}@${locked.version}` : locked?.version;
      if (spec !== exact) loose.push(`${section}: ${name}@${spec}`);
    }
  }
  expect(loose).toEqual([]);
  expect(fs.readFileSync(".npmrc", "utf8")).toMatch(/^save-exact=true$/m);
});
