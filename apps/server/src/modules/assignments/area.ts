import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import { createAssignmentsService } from "./service.ts";
import { createSubmissionsService } from "./submissions.ts";

/** The assignments area's services, wired to each other once. */
export function createAssignmentsArea(deps: { db: Database; clock: Clock; files: FileStore }) {
  const assignments = createAssignmentsService(deps);
  const submissions = createSubmissionsService({ ...deps, assignmentOf: assignments.one });
  return { assignments, submissions };
}
