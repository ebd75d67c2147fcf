import { PICKUP_PHOTO_MAX_BYTES, PICKUP_PHOTO_MESSAGES } from "@sprout/shared/schemas/attendance";
import { and, eq, isNull } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { pickupPeople } from "../../db/schema/attendance.ts";
import { reencodeIfImage } from "../../files/images.ts";
import { sniff } from "../../files/sniff.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import { badRequest, HttpError, notFound } from "../../lib/errors.ts";
import { childInScope } from "./lookup.ts";
import type { PickupsService } from "./pickups.ts";
import { assert, mayEditPickups } from "./policy.ts";

const PHOTO_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * The photo of someone on a child's pick-up list, so that whoever hands the child over can
 * compare the face. Kind judged by content, re-encoded without metadata, served only to those
 * who may see the child (the child's centre or room staff, the child's own parents).
 */
export function createPickupPhotoService({
  db,
  files,
  pickups,
}: {
  db: Database;
  files: FileStore;
  pickups: PickupsService;
}) {
  async function personOf(caller: Caller, studentId: string, id: string) {
    const child = await childInScope(db, caller, studentId);
    const [person] = await db
      .select()
      .from(pickupPeople)
      .where(and(eq(pickupPeople.id, id), eq(pickupPeople.studentId, child.id), isNull(pickupPeople.removedAt)));
    if (!person) throw notFound("Pick-up person");
    return { child, person };
  }

  /** Points the person at a new photo (or none), audited; the file replaced goes afterwards. */
  async function setPhoto(
    caller: Caller,
    studentId: string,
    id: string,
    photo: { storedName: string; mimeType: string; size: number } | null,
  ) {
    const { child, person } = await personOf(caller, studentId, id);
    await db.transaction(async (tx) => {
      await tx
        .update(pickupPeople)
        .set({
          photoStoredName: photo?.storedName ?? null,
          photoMimeType: photo?.mimeType ?? null,
          photoSizeBytes: photo?.size ?? null,
        })
        .where(eq(pickupPeople.id, person.id));
      await writeAudit(tx, {
        organisationId: child.organisationId,
        actorId: caller.userId,
        action: photo ? "pickup.photo_set" : "pickup.photo_removed",
        entity: "student",
        entityId: child.id,
        before: { pickup_person_id: person.id, had_photo: Boolean(person.photoStoredName) },
        after: photo ? { pickup_person_id: person.id, mime_type: photo.mimeType, size: photo.size } : undefined,
      });
    });
    if (person.photoStoredName) await files.remove(person.photoStoredName);
  }

  return {
    async upload(caller: Caller, studentId: string, id: string, content: Buffer) {
      assert(mayEditPickups(caller));
      await personOf(caller, studentId, id);
      if (content.length === 0)
        throw badRequest(PICKUP_PHOTO_MESSAGES.required, { photo: PICKUP_PHOTO_MESSAGES.required });
      if (content.length > PICKUP_PHOTO_MAX_BYTES)
        throw new HttpError(413, "FILE_TOO_LARGE", PICKUP_PHOTO_MESSAGES.tooLarge);
      const kind = sniff(content);
      if (!kind || !PHOTO_TYPES.has(kind.mime))
        throw new HttpError(415, "UNSUPPORTED_FILE_TYPE", PICKUP_PHOTO_MESSAGES.type);
      const image = await reencodeIfImage(content, kind.mime);
      const storedName = await files.save(image, kind.ext);
      try {
        await setPhoto(caller, studentId, id, { storedName, mimeType: kind.mime, size: image.length });
      } catch (error) {
        await files.remove(storedName);
        throw error;
      }
      return pickups.list(caller, studentId);
    },

    async remove(caller: Caller, studentId: string, id: string) {
      assert(mayEditPickups(caller));
      const { person } = await personOf(caller, studentId, id);
      if (!person.photoStoredName) throw notFound("Photo");
      await setPhoto(caller, studentId, id, null);
      return pickups.list(caller, studentId);
    },

    async open(caller: Caller, studentId: string, id: string) {
      const { person } = await personOf(caller, studentId, id);
      if (!person.photoStoredName || !person.photoMimeType) throw notFound("Photo");
      return {
        mimeType: person.photoMimeType,
        size: person.photoSizeBytes ?? 0,
        stream: files.open(person.photoStoredName),
      };
    },
  };
}
export type PickupPhotoService = ReturnType<typeof createPickupPhotoService>;
