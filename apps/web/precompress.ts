import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, so the server sends compressed
 * files without compressing on each request (@fastify/static's preCompressed).
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "sprout-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
          await writeFile(`${full}.br`, await brotli(content, { params }));
          await writeFile(`${full}.gz`, await gzipped(content, { level: 9 }));
        }),
      );
    },
  };
}
