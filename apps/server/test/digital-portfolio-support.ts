import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { SignedIn } from "./harness.ts";

/** A small PNG as a browser's canvas makes it (a clip's poster frame, or a photo). */
export const pngPhoto = (colour = "#3a7") =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** An MP4 made of boxes only (no decoder in the tree): ftyp, moov with a location, mdat of `mediaBytes`. */
export function clip(mediaBytes = 64) {
  const box = (type: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length);
    header.write(type, 4, "latin1");
    return Buffer.concat([header, body]);
  };
  const ftyp = box("ftyp", Buffer.from("isom\0\0\0\0isommp41", "latin1"));
  const udta = box("udta", box("\u00a9xyz", Buffer.from("+12.9716+077.5946/", "latin1")));
  const moov = box("moov", Buffer.concat([box("mvhd", Buffer.alloc(100)), udta]));
  return Buffer.concat([ftyp, moov, box("mdat", Buffer.alloc(mediaBytes, 7))]);
}

export type Part = { field: string; name: string; type: string; content: Buffer };

export const form = (fields: Record<string, string>, files: Part[]) => {
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--sprout\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files)
    chunks.push(
      Buffer.from(
        `--sprout\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from("--sprout--\r\n"));
  return Buffer.concat(chunks);
};

export const sendForm = (app: FastifyInstance, session: SignedIn, url: string, body: Buffer) =>
  app.inject({
    method: "POST",
    url,
    headers: { ...session.headers, "content-type": "multipart/form-data; boundary=sprout" },
    payload: body,
  });
