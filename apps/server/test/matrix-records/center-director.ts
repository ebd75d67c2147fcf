import type { Database } from "../../src/db/client.ts";
import { centreCalendarEvents } from "../../src/db/schema/center-director.ts";

/**
 * The centre-calendar event of another centre that the permission matrix names in its foreign
 * calls, made before the test clock's morning (2026-11-20T06:30Z). Test data only (apps/server/test).
 */
export async function centerDirectorMatrixRecords(db: Database, { other }: { other: string }) {
  const at = new Date("2026-11-19T05:30:00Z");
  const [event] = await db
    .insert(centreCalendarEvents)
    .values({
      centerId: other,
      title: "Another centre's fire drill",
      eventDate: "2026-11-10",
      kind: "safety_drill",
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: centreCalendarEvents.id });
  return { otherCalendarEvent: event!.id };
}
