import {
  INCIDENT_MESSAGES,
  INCIDENT_PHOTO_MAX_BYTES,
  INCIDENT_PHOTOS_MAX,
  type StaffIncident,
} from "@sprout/shared/schemas/incidents";
import { and, count, eq } from "drizzle-orm";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { incidentPhotos, incidents } from "../../db/schema/incidents.ts";
import { reencodeIfImage } from "../../files/images.ts";
import { sniff } from "../../files/sniff.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, HttpError, notFound } from "../../lib/errors.ts";
import type { IncidentFamilyService } from "./parents.ts";
import type { IncidentsService } from "./service.ts";

const PHOTO_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

interface Deps {
  db: Database;
  clock: Clock;
  files: FileStore;
  incidents: IncidentsService;
  families: IncidentFamilyService;
}

/** Photos of a report, through the same upload rules as documents: kind by content, re-encoded. */
export function createIncidentPhotoService({ db, clock, files, incidents: staff, families }: Deps) {
  return {
    async attach(caller: Caller, id: string, content: Buffer): Promise<StaffIncident> {
      const report = await staff.find(caller, id);
      if (content.length === 0)
        throw badRequest(INCIDENT_MESSAGES.photoRequired, { photo: INCIDENT_MESSAGES.photoRequired });
      if (content.length > INCIDENT_PHOTO_MAX_BYTES)
        throw new HttpError(413, "FILE_TOO_LARGE", INCIDENT_MESSAGES.photoTooLarge);
      const kind = sniff(content);
      if (!kind || !PHOTO_TYPES.has(kind.mime))
        throw new HttpError(415, "UNSUPPORTED_FILE_TYPE", INCIDENT_MESSAGES.photoType);
      const image = await reencodeIfImage(content, kind.mime);
      const storedName = await files.save(image, kind.ext);
      try {
        await db.transaction(async (tx) => {
          // The report row is locked so that two uploads at once cannot both pass the limit.
          await tx.select({ id: incidents.id }).from(incidents).where(eq(incidents.id, report.id)).for("update");
          const [{ total } = { total: 0 }] = await tx
            .select({ total: count() })
            .from(incidentPhotos)
            .where(eq(incidentPhotos.incidentId, report.id));
          if (total >= INCIDENT_PHOTOS_MAX) throw badRequest(INCIDENT_MESSAGES.tooManyPhotos);
          const [photo] = await tx
            .insert(incidentPhotos)
            .values({
              incidentId: report.id,
              storedName,
              mimeType: kind.mime,
              sizeBytes: image.length,
              uploadedBy: caller.userId,
              uploadedAt: clock.now(),
            })
            .returning({ id: incidentPhotos.id });
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "incident.photo_added",
            entity: "incident",
            entityId: report.id,
            after: { photo_id: photo!.id, mime_type: kind.mime, size: image.length },
          });
        });
      } catch (error) {
        await files.remove(storedName);
        throw error;
      }
      return staff.present(await staff.find(caller, id));
    },

    /** A photo of a report the caller may read: staff of its centre, or a notified parent. */
    async open(caller: Caller, id: string, photoId: string) {
      if (may(caller, "incidents.readOwn")) await families.assertParentMayRead(caller, id);
      else await staff.find(caller, id);
      const [photo] = await db
        .select()
        .from(incidentPhotos)
        .where(and(eq(incidentPhotos.id, photoId), eq(incidentPhotos.incidentId, id)));
      if (!photo) throw notFound("Photo");
      return { mimeType: photo.mimeType, size: photo.sizeBytes, stream: files.open(photo.storedName) };
    },
  };
}
export type IncidentPhotoService = ReturnType<typeof createIncidentPhotoService>;
