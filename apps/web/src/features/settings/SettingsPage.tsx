import { Box, Stack, Typography } from "@mui/material";
import { hasFeature } from "@sprout/shared/roles";
import { useSignedInUser } from "../../auth/useSession";
import { useSay } from "../../i18n/useSay";
import { CentersSection } from "../centers/CentersSection";
import { DigestHourSection } from "../child-day/DigestHourSection";
import { RetentionSection } from "../data-requests/RetentionSection";
import { IncidentReviewSection } from "../incidents/IncidentReviewSection";
import { CompaniesSection } from "./CompaniesSection";
import { ProgramsSection } from "./ProgramsSection";

/** The centre's leadership chooses the hour of the evening digest (as the server's policy). */
const DIGEST_ROLES = new Set(["super_admin", "owner", "center_director", "admin"]);
/** Retention of the records of children who left: the centre's director, its owner, the super admin. */
const RETENTION_ROLES = new Set(["super_admin", "owner", "center_director"]);
/** Whether incident reports are reviewed before parents see them: the same leadership (as the server's policy). */
const INCIDENT_REVIEW_ROLES = RETENTION_ROLES;

/**
 * Application Settings: Manage Academic Programs, Manage Tie-up Companies and (super admin only)
 * Center Management.
 */
export function SettingsPage() {
  const say = useSay();
  const user = useSignedInUser();
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("settings.title")}
        </Typography>
        <Typography color="text.secondary">{say("settings.subtitle")}</Typography>
      </Box>
      <ProgramsSection canAdd={hasFeature(user.role, "program_settings")} />
      <CompaniesSection canAdd={hasFeature(user.role, "company_settings")} />
      {hasFeature(user.role, "center_management") && <CentersSection />}
      {DIGEST_ROLES.has(user.role) && <DigestHourSection />}
      {INCIDENT_REVIEW_ROLES.has(user.role) && <IncidentReviewSection />}
      {RETENTION_ROLES.has(user.role) && <RetentionSection />}
    </Stack>
  );
}
