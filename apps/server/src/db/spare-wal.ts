import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { ReadableStream } from "node:stream/web";
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
      if (segment !== undefined && (segment < needed.first || segment > needed.last)) {
        entry.resume();
        continue;
      }
      const content = await buffer(entry);
      await new Promise<void>((resolve, reject) =>
        out.entry(entry.header, content, (error) => (error ? reject(error) : resolve())),
      );
    }
    out.finalize();
  })();
  copied.catch((error: Error) => out.destroy(error));
  // Read as a stream and kept as the packer's chunks: a large database is not copied whole twice.
  Readable.fromWeb(dump.stream() as ReadableStream).pipe(extract);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const collected = (async () => {
    for await (const chunk of out) chunks.push(chunk as Uint8Array<ArrayBuffer>);
  })();
  await Promise.all([collected, copied]);
  return new Blob(chunks);
}
