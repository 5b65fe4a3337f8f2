import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * The modules the root route imports statically, root.tsx itself left out: every page loads them
 * before it hydrates, whatever its route. Left to the bundler, they were cut into a chunk per set
 * of routes sharing them (25 chunks of a few hundred bytes: icons, small helpers); as one chunk
 * they cost each page nothing more and compress together (ADR 054; scripts/bench-measurements.md, tenth pass).
 */
function rootShellGroup() {
  let shell: Set<string> | null = null;
  const closure = (graph: ModuleGraph, root: string) => {
    const rootInfo = graph.getModuleInfo(root);
    // Loud rather than a silent return to 25 chunks if the root route moves.
    if (!rootInfo) throw new Error(`rootShellGroup: ${root} is not in the client build`);
    const seen = new Set<string>();
    const queue = [...rootInfo.importedIds];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      if (!id.includes("/node_modules/")) queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    name: (id: string, graph: ModuleGraph) => {
      shell ??= closure(graph, ROOT_ROUTE);
      return shell.has(id) ? "shell" : null;
    },
  };
}
const ROOT_ROUTE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

// React Router 8 builds both environments in one Vite run: each one's options go under its name.
export default defineConfig(({ command }) => ({
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [rootShellGroup()] } } } } },
    ssr: { build: { rolldownOptions: { input: "./app/server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  // Bundled into the server build, so that it carries only the icons the app
  // uses: imported whole from node_modules they were 10-18 MB of the server's memory (ADR 054).
  // libphonenumber-js too (only the app imports it): its entry loads all 93 of its modules, 0.6 MB
  // of sources, most of them two bytes a character; bundled, ~1 MB less live heap (eleventh pass).
  // The development server keeps loading them from node_modules.
  ssr: command === "build" ? { noExternal: ["lucide-react", "libphonenumber-js"] } : undefined,
  plugins: [tailwindcss(), reactRouter()],
}));
