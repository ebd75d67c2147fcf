import { Typography } from "@mui/material";
import type { SessionUser } from "@sprout/shared/schemas/auth";

/** The spec's plain welcome line, for roles whose own dashboard has not been built. */
export function WelcomeDashboard({ user }: { user: SessionUser }) {
  return (
    <Typography variant="h4" component="h1">
      Welcome{user.fullName ? `, ${user.fullName}` : ""}
    </Typography>
  );
}
