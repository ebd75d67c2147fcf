import { readFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./precompress";
import { isShellFile } from "./src/offline/appShell";

// The dev server proxies to the API server so the browser sees one origin, as in production.
const apiServer = "http://localhost:5000";

/** React, its DOM renderer and the router: the libraries every page starts with. */
const REACT = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;

export default defineConfig({
  plugins: [
    react(),
    // The installable app (issue 32): the manifest, and a service worker of our own (sw/sw.ts,
    // Workbox's precache plus the push and notification-click handlers) into which the plugin
    // injects the list of the app shell's files. The whole build was 2.3 MB, most of it screens a
    // parent never opens; the worker keeps a screen's code when it is first opened instead.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      registerType: "autoUpdate",
      injectRegister: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
        manifestTransforms: [
          async (entries) => {
            // Read after the build has written it: the shell is what it names.
            const indexHtml = readFileSync(path.resolve(import.meta.dirname, "dist/index.html"), "utf8");
            return { manifest: entries.filter((entry) => isShellFile(entry.url, indexHtml)) };
          },
        ],
      },
      // The icons are in the build's files already (public/): listed twice they would be precached twice.
      includeManifestIcons: false,
      manifest: {
        id: "/",
        name: "Sprout",
        short_name: "Sprout",
        description: "Your child's day at the centre: updates, photos, messages and alerts",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        theme_color: "#2e7d5b",
        background_color: "#ffffff",
        lang: "en-IN",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
    }),
    precompress(),
  ],
  server: {
    proxy: {
      "/api": apiServer,
      "/socket.io": { target: apiServer, ws: true },
    },
  },
  resolve: {
    // react-intl, @formatjs/intl and the shared catalogue code each bring their own nested copy of
    // FormatJS's message parser and formatter (Lighthouse holds the top-level ones): one of each,
    // from this app's own dependencies, saves the sign-in page the duplicates.
    dedupe: [
      "intl-messageformat",
      "@formatjs/icu-messageformat-parser",
      "@formatjs/icu-skeleton-parser",
      "@formatjs/fast-memoize",
    ],
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
    // React has a chunk of its own: it changes less often than the app, so it stays cached across
    // releases, and a phone runs it in a task of its own rather than in one long task with the
    // app's (Lighthouse's blocking time on /login fell from 210-350 ms to 110-130 ms). Matched by
    // path, because naming the packages caught only their entry files and left react-dom's client
    // in the app's chunk. MUI is left to Rollup so that each page carries only the components it
    // uses (a single MUI chunk made /login download every component of the staff console).
    rollupOptions: {
      output: {
        manualChunks: (id) => (REACT.test(id) ? "react" : undefined),
      },
    },
  },
});
