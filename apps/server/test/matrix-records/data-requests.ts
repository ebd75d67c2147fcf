import { eq } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import { dataExports, dataRequests } from "../../src/db/schema/data-requests.ts";
import { centers } from "../../src/db/schema/organisations.ts";
import { users } from "../../src/db/schema/users.ts";

/**
 * Data-rights records the permission matrix names in its foreign and family calls: a ready export
 * and an open correction and erasure request of a child of another centre, asked for by a parent there, and an
 * export asked for by another family of the demo parent's own centre. Files are rows only: a
 * refused call never opens one. Made before the test clock's morning (2026-11-20T06:30Z). Test
 * data only (apps/server/test).
 */
export async function dataRequestsMatrixRecords(
  db: Database,
  {
    home,
    other,
    otherStudent,
    otherFamilyChild,
  }: { home: string; other: string; otherStudent: string; otherFamilyChild: string },
) {
  const at = new Date("2026-11-19T05:30:00Z");
  const [centre] = await db
    .select({ organisationId: centers.organisationId })
    .from(centers)
    .where(eq(centers.id, other));
  const organisationId = centre!.organisationId;
  const parent = async (centerId: string, email: string) => {
    const [row] = await db
      .insert(users)
      .values({ organisationId, email, fullName: "Matrix data parent", role: "parent", centerId })
      .returning({ id: users.id });
    return row!.id;
  };
  const exportOf = async (centerId: string, studentId: string, requestedBy: string) => {
    const [row] = await db
      .insert(dataExports)
      .values({
        organisationId,
        centerId,
        studentId,
        requestedBy,
        status: "ready",
        progress: 100,
        storedName: `matrix-export-${studentId}.zip`,
        sizeBytes: 10,
        createdAt: at,
        readyAt: at,
        expiresAt: new Date("2030-01-31T00:00:00Z"),
      })
      .returning({ id: dataExports.id });
    return row!.id;
  };
  const otherParent = await parent(other, "matrix.data.parent.other@sprout.test");
  const homeParent = await parent(home, "matrix.data.parent.home@sprout.test");
  const requests = await db
    .insert(dataRequests)
    .values(
      (["correction", "erasure"] as const).map((kind) => ({
        organisationId,
        centerId: other,
        studentId: otherStudent,
        requestedBy: otherParent,
        kind,
        details: kind === "correction" ? "Wrong birthday" : "We moved away",
        correction: kind === "correction" ? "12 March" : null,
        dueDate: "2026-12-19",
        createdAt: at,
      })),
    )
    .returning({ id: dataRequests.id });
  return {
    otherDataExport: await exportOf(other, otherStudent, otherParent),
    otherFamilyDataExport: await exportOf(home, otherFamilyChild, homeParent),
    otherCorrectionRequest: requests[0]!.id,
    otherErasureRequest: requests[1]!.id,
  };
}
