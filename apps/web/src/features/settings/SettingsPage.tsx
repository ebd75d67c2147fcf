import { Box, Stack, Typography } from "@mui/material";
import { hasFeature } from "@sprout/shared/roles";
import { useSignedInUser } from "../../auth/useSession";
import { CentersSection } from "../centers/CentersSection";
import { CompaniesSection } from "./CompaniesSection";
import { ProgramsSection } from "./ProgramsSection";

/**
 * Application Settings: Manage Academic Programs, Manage Tie-up Companies and (super admin only)
 * Center Management.
 */
export function SettingsPage() {
  const user = useSignedInUser();
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Application Settings
        </Typography>
        <Typography color="text.secondary">Programs and tie-up companies used by enquiries and admissions.</Typography>
      </Box>
      <ProgramsSection canAdd={hasFeature(user.role, "program_settings")} />
      <CompaniesSection canAdd={hasFeature(user.role, "company_settings")} />
      {hasFeature(user.role, "center_management") && <CentersSection />}
    </Stack>
  );
}
