import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command, isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./app/server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  // Bundled into the server build, so that it carries only the icons the app
  // uses: imported whole from node_modules they were 10-18 MB of the server's memory (ADR 054).
  // The development server keeps loading them from node_modules.
  ssr: command === "build" ? { noExternal: ["lucide-react"] } : undefined,
  plugins: [tailwindcss(), reactRouter()],
}));
