import { describe, expect, it } from "vitest";
import { isAppAsset, isShellFile } from "./appShell";

const INDEX_HTML = `<!doctype html><html><head>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<script type="module" crossorigin src="/assets/index-Du9dy5Pt.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-CNfcZM99.js">
<link rel="stylesheet" crossorigin href="/assets/index-B2x.css">
<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>`;

describe("the app shell the worker precaches", () => {
  it("is index.html, what it loads, the manifest and the icons", () => {
    for (const url of [
      "index.html",
      "assets/index-Du9dy5Pt.js",
      "assets/react-CNfcZM99.js",
      "assets/index-B2x.css",
      "manifest.webmanifest",
      "favicon.svg",
      "icons/icon-192.png",
      "icons/maskable-512.png",
    ]) {
      expect(isShellFile(url, INDEX_HTML), url).toBe(true);
    }
  });

  it("leaves out the screens' lazy chunks, which are cached when first opened", () => {
    expect(isShellFile("assets/ParentDashboard-AbC123.js", INDEX_HTML)).toBe(false);
    expect(isShellFile("assets/ReportsPage-x1.js", INDEX_HTML)).toBe(false);
  });
});

describe("the files cached as screens open them", () => {
  it("are the build's hashed files under /assets/", () => {
    expect(isAppAsset("/assets/ParentDashboard-AbC123.js")).toBe(true);
    expect(isAppAsset("/assets/index-B2x.css")).toBe(true);
  });

  it("are never the API, pages or files outside /assets/", () => {
    expect(isAppAsset("/api/parents/my-children")).toBe(false);
    expect(isAppAsset("/dashboard")).toBe(false);
    expect(isAppAsset("/sw.js")).toBe(false);
    expect(isAppAsset("/assets/nested/x.js")).toBe(false);
  });
});
