import path from "node:path";
import { loadConfig } from "../config.ts";
import { copyFilesToS3 } from "../files/copy-to-s3.ts";
import { parseStorageUrl } from "../files/s3-store.ts";

/**
 * `npm run files:to-s3`: before switching a server from the disk store to STORAGE_URL, copies
 * DATA_DIR/files into the bucket. Safe to run again (what is there is skipped); exits 1 when a
 * file could not be copied.
 */
async function main() {
  const config = loadConfig();
  if (!config.storageUrl) throw new Error("Set STORAGE_URL to the bucket the files should go to");
  const dir = path.join(config.dataDir, "files");
  const report = await copyFilesToS3(dir, parseStorageUrl(config.storageUrl));
  console.log(
    `${report.total} stored files in ${dir}: ${report.copied} copied, ${report.skipped} already there, ${report.failed.length} failed`,
  );
  for (const failure of report.failed) console.error(`  ${failure.name}: ${failure.reason}`);
  process.exitCode = report.failed.length ? 1 : 0;
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
