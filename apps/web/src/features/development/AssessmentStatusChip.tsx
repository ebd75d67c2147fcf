import { Chip } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { ClassViewStatus } from "@sprout/shared/schemas/development/assessments";
import { useSay } from "../../i18n/useSay";

export const STATUS_LABELS: Record<ClassViewStatus, MessageId> = {
  not_started: "development.assess.statusNotStarted",
  draft: "development.assess.statusDraft",
  submitted: "development.assess.statusSubmitted",
  published: "development.assess.statusPublished",
};

const COLOURS = { not_started: "default", draft: "warning", submitted: "info", published: "success" } as const;

/** Where a child's assessment is: not started, draft, submitted for review, or published (with its version). */
export function AssessmentStatusChip({ status, version }: { status: ClassViewStatus; version: number }) {
  const say = useSay();
  const label =
    status === "published" && version > 1
      ? say("development.assess.publishedVersion", { version })
      : say(STATUS_LABELS[status]);
  return (
    <Chip
      size="small"
      color={COLOURS[status]}
      variant={status === "not_started" ? "outlined" : "filled"}
      label={label}
    />
  );
}
