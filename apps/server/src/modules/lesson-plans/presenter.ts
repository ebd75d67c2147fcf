import type { CompetencyTag } from "@sprout/shared/schemas/development/frameworks-api";
import type { LessonPlan } from "@sprout/shared/schemas/lesson-plans";
import type { lessonPlans } from "../../db/schema/lesson-plans.ts";

type Row = typeof lessonPlans.$inferSelect & { classroomName: string };

/** A plan as the caller reads it: a parent gets the topic, date, classroom and activities only. */
export function toLessonPlan(
  row: Row,
  access: { staff: boolean; canEdit: boolean; canCheckoff: boolean },
  competencies: CompetencyTag[],
): LessonPlan {
  const shared = {
    id: row.id,
    topic: row.topic,
    date: row.day,
    classroom_id: row.classroomId,
    classroom_name: row.classroomName,
    activities: row.activities,
    can_edit: access.canEdit,
    can_checkoff: access.canCheckoff,
    competencies,
  };
  if (!access.staff) return shared;
  return {
    ...shared,
    objectives: row.objectives,
    resources: row.resources,
    notes: row.notes,
    checkoff_status: {
      objectives_done: row.objectivesDone,
      activities_done: row.activitiesDone,
      resources_done: row.resourcesDone,
    },
  };
}
