import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress";

// The dev server proxies to the API server so the browser sees one origin, as in production.
const apiServer = "http://localhost:5000";

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      "/api": apiServer,
      "/socket.io": { target: apiServer, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The page's own chunks are preloaded from index.html. For a lazy page, Vite's helper would add
    // a <link rel="modulepreload"> from script for every chunk it imports, some seventy for a
    // parent's home, work a phone does on its main thread as the page starts; the browser's module
    // loader fetches the same chunks as it reads each import, one round trip later only for the
    // few that sit two imports down.
    modulePreload: { resolveDependencies: (_chunk, deps, { hostType }) => (hostType === "html" ? deps : []) },
    // React changes less often than the app: its own chunk stays cached across releases. MUI is
    // left to Rollup so that each page carries only the components it uses (a single MUI chunk
    // made /login download every component of the staff console).
    rollupOptions: {
      output: {
        manualChunks: {
          react: ["react", "react-dom", "react-router"],
        },
      },
    },
  },
});
