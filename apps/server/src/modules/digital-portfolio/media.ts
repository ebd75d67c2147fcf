import {
  PORTFOLIO_IMAGE_MAX_BYTES,
  PORTFOLIO_MESSAGES,
  PORTFOLIO_VIDEO_MAX_BYTES,
} from "@sprout/shared/schemas/digital-portfolio";
import sharp from "sharp";
import type { ReceivedFile } from "../../files/incoming.ts";
import { sniff } from "../../files/sniff.ts";
import { HttpError } from "../../lib/errors.ts";
import { scrubVideoFile, sniffVideo } from "./video.ts";

/** The display size keeps a phone photo sharp on a laptop; the thumbnail fills a gallery tile. */
const DISPLAY_EDGE = 1600;
const THUMB_EDGE = 480;
/**
 * A 12-megapixel photo decodes to ~36 MB of pixels: at most this many are decoded at once, so
 * a batch of a hundred photos cannot take the server's memory (later ones wait their turn).
 */
export const DECODE_SLOTS = 2;

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** An image drawn afresh: the display JPEG and its thumbnail, small enough to hold in memory. */
export interface ProcessedImage {
  mediaType: "image";
  mime: "image/jpeg";
  ext: "jpg";
  display: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}
/** A clip scrubbed in place on disk; it is moved into the store as it is. */
export interface ProcessedVideo {
  mediaType: "video";
  mime: string;
  ext: string;
  path: string;
}

let running = 0;
const waiting: (() => void)[] = [];
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= DECODE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const unreadable = () => new HttpError(415, "UNREADABLE_MEDIA", PORTFOLIO_MESSAGES.unreadable);
const unsupported = () => new HttpError(415, "UNSUPPORTED_FILE_TYPE", PORTFOLIO_MESSAGES.fileType);
const isImage = (head: Buffer) => IMAGE_TYPES.has(sniff(head)?.mime ?? "");

/**
 * The byte limit of a part judged by its first bytes while it streams in (photos 15 MB, clips
 * 50 MB); any other kind is refused before the rest of it is stored. `poster` parts are images.
 */
export function uploadLimit(head: Buffer, { poster = false } = {}): number {
  if (isImage(head)) return PORTFOLIO_IMAGE_MAX_BYTES;
  if (!poster && sniffVideo(head)) return PORTFOLIO_VIDEO_MAX_BYTES;
  throw unsupported();
}
export const tooLargeFor = (head: Buffer) =>
  new HttpError(
    413,
    "FILE_TOO_LARGE",
    isImage(head) ? PORTFOLIO_MESSAGES.imageTooLarge : PORTFOLIO_MESSAGES.videoTooLarge,
  );

/**
 * Judges a received file by its bytes, never its name: an image is decoded from disk and drawn
 * afresh by sharp (orientation applied, EXIF with GPS and every other metadata left behind) into
 * a display JPEG and a thumbnail; a video must be a well-formed MP4/MOV or WebM and loses its
 * location boxes.
 */
export async function processMedia(file: ReceivedFile): Promise<ProcessedImage | ProcessedVideo> {
  if (isImage(file.head)) return inSlot(() => reencode(file.path));
  const video = sniffVideo(file.head);
  if (!video) throw unsupported();
  if (!(await scrubVideoFile(file.path, video.mime))) throw unreadable();
  return { mediaType: "video", mime: video.mime, ext: video.ext, path: file.path };
}

/** A clip's poster frame (taken by the browser at upload) made into its gallery thumbnail. */
export async function posterThumbnail(poster: ReceivedFile): Promise<Buffer> {
  if (!isImage(poster.head)) throw unsupported();
  return inSlot(async () => (await reencode(poster.path)).thumbnail);
}

async function reencode(source: string): Promise<ProcessedImage> {
  try {
    // failOn "error": a truncated or forged image is refused rather than half drawn.
    const flat = sharp(source, { failOn: "error", animated: false }).rotate().flatten({ background: "#ffffff" });
    const display = await flat
      .clone()
      .resize({ width: DISPLAY_EDGE, height: DISPLAY_EDGE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await flat
      .clone()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    return {
      mediaType: "image",
      mime: "image/jpeg",
      ext: "jpg",
      display: display.data,
      thumbnail,
      width: display.info.width,
      height: display.info.height,
    };
  } catch {
    throw unreadable();
  }
}
