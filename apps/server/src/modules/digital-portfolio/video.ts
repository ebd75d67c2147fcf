import { open } from "node:fs/promises";

/**
 * Short clips from a phone: MP4/MOV (ISO boxes) and WebM (what a browser records). There is no
 * video decoder in the tree (no ffmpeg), so a clip is checked by its structure instead: every box
 * must chain to the end of the file and a movie box must be present.
 */
export function sniffVideo(buffer: Buffer): { mime: string; ext: string } | null {
  if (buffer.length >= 12 && buffer.toString("latin1", 4, 8) === "ftyp") {
    const brand = buffer.toString("latin1", 8, 12);
    return brand === "qt  " ? { mime: "video/quicktime", ext: "mov" } : { mime: "video/mp4", ext: "mp4" };
  }
  if (
    buffer.length >= 4 &&
    buffer[0] === 0x1a &&
    buffer[1] === 0x45 &&
    buffer[2] === 0xdf &&
    buffer[3] === 0xa3 &&
    buffer.subarray(0, 64).includes("webm")
  )
    return { mime: "video/webm", ext: "webm" };
  return null;
}

interface Box {
  type: string;
  start: number;
  headerSize: number;
  end: number;
}

/** The box whose header starts at `offset`, when it fits in the `room` bytes left; null otherwise. */
function boxAt(buffer: Buffer, offset: number, available: number, room: number): Box | null {
  if (available - offset < 8 || room < 8) return null;
  let size = buffer.readUInt32BE(offset);
  let headerSize = 8;
  if (size === 1) {
    if (available - offset < 16 || room < 16) return null;
    size = Number(buffer.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) size = room;
  if (size < headerSize || size > room) return null;
  return { type: buffer.toString("latin1", offset + 4, offset + 8), start: 0, headerSize, end: size };
}

/** The boxes between `from` and `to` of a buffer, or null when they do not chain exactly to `to`. */
function chain(buffer: Buffer, from: number, to: number): Box[] | null {
  const found: Box[] = [];
  for (let offset = from; offset < to; ) {
    const box = boxAt(buffer, offset, to, to - offset);
    if (!box) return null;
    found.push({ ...box, start: offset, end: offset + box.end });
    offset += box.end;
  }
  return found;
}

/** User data and metadata boxes carry the recording's place (©xyz, ISO 6709 location) and device. */
const PRIVATE_BOXES = new Set(["udta", "meta"]);

/** A movie box larger than this is not a phone's short clip (its index runs to a few hundred KB). */
const MOVIE_BOX_MAX = 16 * 1024 * 1024;
const ZEROS = Buffer.alloc(64 * 1024);

/**
 * Scrubs a clip on disk in place, reading only box headers and the movie box: the location and
 * device boxes are zeroed and turned into `free` boxes (which every player skips). False when the
 * file is not the well-formed clip it claims to be.
 */
export async function scrubVideoFile(filePath: string, mime: string): Promise<boolean> {
  if (mime === "video/webm") return true;
  const handle = await open(filePath, "r+");
  try {
    const { size } = await handle.stat();
    const top: Box[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset < size; ) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      const found = boxAt(header.subarray(0, bytesRead), 0, bytesRead, size - offset);
      if (!found) return false;
      const box = { ...found, start: offset, end: offset + found.end };
      top.push(box);
      offset = box.end;
    }
    const movie = top.find((box) => box.type === "moov");
    if (top[0]?.type !== "ftyp" || !movie || movie.end - movie.start > MOVIE_BOX_MAX) return false;
    const moov = Buffer.alloc(movie.end - movie.start);
    await handle.read(moov, 0, moov.length, movie.start);
    if (!scrubMovie(moov, movie.headerSize)) return false;
    await handle.write(moov, 0, moov.length, movie.start);
    for (const box of top) {
      if (!PRIVATE_BOXES.has(box.type)) continue;
      await handle.write("free", box.start + 4, "latin1");
      for (let at = box.start + box.headerSize; at < box.end; at += ZEROS.length)
        await handle.write(ZEROS, 0, Math.min(ZEROS.length, box.end - at), at);
    }
    return true;
  } finally {
    await handle.close();
  }
}

/** Blanks the private boxes inside a movie box held in memory; false when its boxes do not chain. */
function scrubMovie(moov: Buffer, headerSize: number): boolean {
  const blank = (box: Box) => {
    moov.write("free", box.start + 4, "latin1");
    moov.fill(0, box.start + box.headerSize, box.end);
  };
  const inside = chain(moov, headerSize, moov.length);
  if (!inside) return false;
  for (const box of inside) {
    if (PRIVATE_BOXES.has(box.type)) blank(box);
    if (box.type === "trak") {
      for (const child of chain(moov, box.start + box.headerSize, box.end) ?? [])
        if (PRIVATE_BOXES.has(child.type)) blank(child);
    }
  }
  return true;
}
