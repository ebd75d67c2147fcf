// `npm start`, in this same process so signals reach the server directly.
// - NODE_ENV=production: run the compiled server (apps/server/dist/main.js) with plain node and
//   serve the built web app; build nothing, and refuse when either build is missing.
// - Otherwise: build the web app when it is missing or older than its sources, then run the
//   server's TypeScript through tsx (docs/adr/0040-production-build.md).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtPage = path.join(root, "apps/web/dist/index.html");
const builtServer = path.join(root, "apps/server/dist/main.js");
const sources = ["apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts", "packages/shared/src"];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const sourcesChanged = () =>
  Math.max(
    ...sources
      .map((source) => path.join(root, source))
      .filter(existsSync)
      .map(newestChange),
  );

if (process.env.NODE_ENV === "production") {
  const missing = [
    [builtPage, "the web app (apps/web/dist/index.html)"],
    [builtServer, "the server (apps/server/dist/main.js)"],
  ].filter(([file]) => !existsSync(file));
  if (missing.length > 0) {
    console.error(
      `Refusing to start with NODE_ENV=production: ${missing.map(([, what]) => what).join(" and ")} ` +
        `${missing.length > 1 ? "are" : "is"} not built. Run \`npm run build\` first; a production start ` +
        "runs the built JavaScript and builds nothing.",
    );
    process.exit(1);
  }
  await import(pathToFileURL(builtServer).href);
} else {
  if (!existsSync(builtPage) || sourcesChanged() > statSync(builtPage).mtimeMs) {
    console.log("Building the web app...");
    execSync("npm run build -w @sprout/web", { cwd: root, stdio: "inherit" });
  }
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.join(root, "apps/server/src/main.ts")).href);
}
