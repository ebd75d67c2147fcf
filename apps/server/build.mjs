// `npm run build -w @sprout/server`: compiles the server and its command-line tools to plain
// JavaScript in apps/server/dist, which `node` runs without transpiling anything at start
// (docs/adr/0040-production-build.md).
//
// - Our TypeScript (apps/server/src and the @sprout/shared sources it imports) is bundled;
//   every other package stays an import that Node resolves from node_modules at run time.
// - Every output file sits directly in dist/, so a path the code resolves from import.meta.url
//   means the same thing from each of them: `../../web/dist` is the built web app, as from
//   src/app.ts, and `./migrations` is the copy made below, as src/db/migrations is from
//   src/db/client.ts. A module that starts resolving files from import.meta.url stops the build
//   until it is checked to work from dist/ and listed in RESOLVES_FROM_ITS_OWN_URL.
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const server = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(server, "dist");
const src = path.join(server, "src");

/** Our modules that read files next to themselves, each checked to work from dist/ (see above). */
const RESOLVES_FROM_ITS_OWN_URL = new Set(["app.ts", "db/client.ts", "pdf/fonts.ts"]);

/** Tools that only work in a checkout (they write generated sources, run devDependencies): not built. */
const DEVELOPMENT_ONLY = new Set(["openapi.ts"]);

const cli = readdirSync(path.join(src, "cli")).filter(
  (name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !DEVELOPMENT_ONLY.has(name),
);
const entryPoints = {
  main: path.join(src, "main.ts"),
  ...Object.fromEntries(cli.map((name) => [path.basename(name, ".ts"), path.join(src, "cli", name)])),
};

/** Packages stay imports, resolved from node_modules at run time; our workspace's sources are bundled. */
const ourSourcesOnly = {
  name: "our-sources-only",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@sprout/")) return undefined;
      return { path: args.path, external: true };
    });
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const contents = readFileSync(args.path, "utf8");
      const own = path.relative(src, args.path).split(path.sep).join("/");
      if (/import\.meta\.(url|dirname|filename)/.test(contents) && !RESOLVES_FROM_ITS_OWN_URL.has(own)) {
        return {
          errors: [
            {
              text:
                `${path.relative(server, args.path)} resolves a path from import.meta, which points into ` +
                "apps/server/dist once compiled: make it work from there and add it to RESOLVES_FROM_ITS_OWN_URL " +
                "in apps/server/build.mjs",
            },
          ],
        };
      }
      return { contents, loader: "ts" };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: dist,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  tsconfig: path.join(server, "tsconfig.json"),
  plugins: [ourSourcesOnly],
  logLevel: "warning",
});
cpSync(path.join(src, "db", "migrations"), path.join(dist, "migrations"), { recursive: true });
const built = Object.keys(entryPoints).map((name) => `apps/server/dist/${name}.js`);
console.log(`Built the server: ${built.join(", ")}`);
