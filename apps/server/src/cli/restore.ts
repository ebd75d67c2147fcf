import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError } from "../backup/archive.ts";
import { restoreBackup } from "../backup/restore.ts";

/** `npm run restore -- FILE`: a backup of `npm run backup` into an empty or missing DATA_DIR. */
async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new BackupError("Usage: npm run restore -- FILE (into an empty DATA_DIR)");
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const restored = await restoreBackup(path.resolve(positionals[0]!), dataDir);
  console.log(
    `Restored into ${dataDir}: the database of ${restored.manifest.createdAt}, ${restored.files} stored files` +
      `${restored.appSecret ? ", the app secret" : ""}. Start Sprout with DATA_DIR=${dataDir}.`,
  );
  if (restored.manifest.files === "object-storage")
    console.warn("The files were in object storage (STORAGE_URL) when this backup was taken: restore the bucket too.");
  if (!restored.appSecret) console.warn("The backup has no app secret: start Sprout with the APP_SECRET it ran with.");
}

main().catch((error: Error) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
