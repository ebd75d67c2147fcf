/**
 * What a file is, judged by its first bytes (its "magic number"), never by its name or the
 * type the browser claims. Only the kinds a centre's documents may be are recognised.
 */
export interface Sniffed {
  mime: string;
  ext: string;
}

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, index) => buffer[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export function sniff(buffer: Buffer): Sniffed | null {
  if (startsWith(buffer, ascii("%PDF-"))) return { mime: "application/pdf", ext: "pdf" };
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png" };
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg" };
  if (startsWith(buffer, ascii("GIF87a")) || startsWith(buffer, ascii("GIF89a")))
    return { mime: "image/gif", ext: "gif" };
  if (startsWith(buffer, ascii("RIFF")) && startsWith(buffer, ascii("WEBP"), 8))
    return { mime: "image/webp", ext: "webp" };
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04])) return officeKind(buffer);
  return null;
}

/** An Office Open XML file is a zip whose entries name its kind; any other zip is refused. */
function officeKind(buffer: Buffer): Sniffed | null {
  const names = new Set<string>();
  // Walk the zip's local file headers: signature, then the name at offset 30.
  let offset = 0;
  while (offset + 30 <= buffer.length && startsWith(buffer, [0x50, 0x4b, 0x03, 0x04], offset) && names.size < 2000) {
    const compressed = buffer.readUInt32LE(offset + 18);
    const nameLength = buffer.readUInt16LE(offset + 26);
    const extraLength = buffer.readUInt16LE(offset + 28);
    const flags = buffer.readUInt16LE(offset + 6);
    names.add(buffer.toString("utf8", offset + 30, offset + 30 + nameLength));
    // With a data descriptor (flag bit 3) the size is not in the header: stop at what we have.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressed;
  }
  if (!names.has("[Content_Types].xml")) return null;
  const has = (prefix: string) => [...names].some((name) => name.startsWith(prefix));
  if (has("word/"))
    return { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx" };
  if (has("xl/")) return { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ext: "xlsx" };
  if (has("ppt/"))
    return { mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", ext: "pptx" };
  return null;
}
