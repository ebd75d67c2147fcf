import PersonSearchOutlined from "@mui/icons-material/PersonSearchOutlined";
import { Box, Button, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useSay } from "../i18n/useSay";

/**
 * A child the server does not show this caller (another room's, another centre's, or no such
 * child): the same answer for each, as the API's 404 (ADR 0019, 0046).
 */
export function ChildNotFound({ back, backLabel }: { back: string; backLabel: string }) {
  const say = useSay();
  return (
    <Box
      component="section"
      sx={{ minHeight: "50vh", display: "grid", placeItems: "center", p: 3, textAlign: "center" }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <PersonSearchOutlined color="disabled" sx={{ fontSize: 72 }} aria-hidden />
        <Typography variant="overline" component="p" color="text.secondary" sx={{ fontSize: 14 }}>
          404
        </Typography>
        <Typography variant="h4" component="h1">
          {say("components.childNotFound")}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
          {say("components.childNotFoundText")}
        </Typography>
        <Button component={RouterLink} to={back} variant="contained" size="large">
          {backLabel}
        </Button>
      </Box>
    </Box>
  );
}
