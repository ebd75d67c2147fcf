import type ExcelJS from "exceljs";

/**
 * exceljs and the zip libraries under it take a third of a second to load: loaded with the first
 * workbook, not with every start of the server.
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import("exceljs")).default;
}

/** What the zip may hold of a sheet not yet compressed before the next batch of rows waits. */
const ZIP_QUEUE_LIMIT = 1 << 20;
interface QueuedStream {
  _writableState: { length: number };
  _readableState: { length: number };
}

/**
 * exceljs hands a sheet's XML to the zip without waiting for it (its stream ignores backpressure),
 * so rows written faster than they are compressed would pile up in memory: wait until the zip
 * entry has taken most of what is queued. The entry is the sheet stream's one pipe.
 */
export async function zipCaughtUp(sheet: ExcelJS.Worksheet) {
  const entry = (sheet as unknown as { stream?: { pipes?: QueuedStream[] } }).stream?.pipes?.[0];
  while (entry && entry._writableState.length + entry._readableState.length > ZIP_QUEUE_LIMIT)
    await new Promise((resolve) => setTimeout(resolve, 5));
}
