import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pack as tarPack, extract as untar } from "tar-stream";

/** The log segments a copy of the data folder needs: from the last checkpoint's redo point to now. */
export const NEEDED_WAL_SQL =
  "select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_lsn()) as last from pg_control_checkpoint()";

export interface NeededWal {
  first: string;
  last: string;
}

const WAL_SEGMENT = /^\/?pg_wal\/([0-9A-F]{24})$/;

/**
 * A dump of the data folder without the write-ahead log segments it does not need. PostgreSQL
 * keeps 16 MB segments it has finished with, renamed for reuse; a copy taken right after a
 * checkpoint starts from the redo point, so those are dead weight: half of a fresh dump, read
 * again by every test file and carried by every backup.
 */
export async function withoutSpareWal(dump: Blob, needed: NeededWal): Promise<Blob> {
  const extract = untar();
  const out = tarPack();
  const copied = (async () => {
    for await (const entry of extract) {
      const segment = WAL_SEGMENT.exec(entry.header.name)?.[1];
      const spare = segment !== undefined && (segment < needed.first || segment > needed.last);
      const content = await buffer(entry);
      if (spare) continue;
      await new Promise<void>((resolve, reject) =>
        out.entry(entry.header, content, (error) => (error ? reject(error) : resolve())),
      );
    }
    out.finalize();
  })();
  copied.catch((error: Error) => out.destroy(error));
  Readable.from(Buffer.from(await dump.arrayBuffer())).pipe(extract);
  const [content] = await Promise.all([buffer(out), copied]);
  return new Blob([content]);
}
