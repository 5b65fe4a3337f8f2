/** The routes of the production build: what the server serves (build/server/assets/server-build-*.js). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasLoader: boolean;
  hasAction: boolean;
  /** A page (a component to render); resource routes have none. */
  hasDefaultExport: boolean;
}

export async function readBuiltRoutes(): Promise<ManifestRoute[]> {
  const { execFileSync } = await import("node:child_process");
  // A separate Node process imports the built module, as server.js does (no Vite transform here).
  const script = `
    const fs = require("node:fs"), path = require("node:path"), url = require("node:url");
    const dir = path.resolve(process.env.BUILD_DIR ?? "build", "server/assets");
    const file = fs.readdirSync(dir).find((n) => /^server-build-.*\\.js$/.test(n));
    import(url.pathToFileURL(path.join(dir, file)).href).then((m) => {
      const routes = Object.values(m.assets.routes).map(
        ({ id, parentId, path, index, hasLoader, hasAction, hasDefaultExport }) =>
          ({ id, parentId, path, index, hasLoader, hasAction, hasDefaultExport }));
      process.stdout.write(JSON.stringify(routes));
      process.exit(0);
    });`;
  const out = execFileSync(process.execPath, ["-e", script], { cwd: process.cwd(), encoding: "utf8" });
  return JSON.parse(out) as ManifestRoute[];
}
