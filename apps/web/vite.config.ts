import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev server proxies to the API server so the browser sees one origin, as in production.
const apiServer = "http://localhost:5000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": apiServer,
      "/socket.io": { target: apiServer, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // MUI alone is close to the default warning size; split it so that pages load in parallel.
    rollupOptions: {
      output: {
        manualChunks: {
          react: ["react", "react-dom", "react-router"],
          mui: ["@mui/material", "@emotion/react", "@emotion/styled"],
        },
      },
    },
  },
});
