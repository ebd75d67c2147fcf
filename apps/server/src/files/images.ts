import { english } from "@sprout/shared/i18n/english";
import sharp, { type Sharp } from "sharp";
import { HttpError } from "../lib/errors.ts";

const REENCODERS: Record<string, (image: Sharp) => Sharp> = {
  "image/jpeg": (image) => image.jpeg({ quality: 85, mozjpeg: true }),
  "image/png": (image) => image.png(),
  "image/webp": (image) => image.webp({ quality: 85 }),
  "image/gif": (image) => image.gif(),
};

/**
 * Re-encodes an uploaded image: the pixels survive, everything else (EXIF with the GPS position of
 * a child's photo, comments, anything smuggled after the image data) does not. Other files pass
 * through unchanged.
 */
export async function reencodeIfImage(content: Buffer, mime: string): Promise<Buffer> {
  const reencode = REENCODERS[mime];
  if (!reencode) return content;
  try {
    // rotate() bakes the EXIF orientation into the pixels before the metadata is dropped.
    return await reencode(sharp(content, { animated: mime === "image/gif" }).rotate()).toBuffer();
  } catch {
    throw new HttpError(415, "UNREADABLE_IMAGE", english("server.imageUnreadable"));
  }
}
