import LockOutlined from "@mui/icons-material/LockOutlined";
import { Box, Button, Typography } from "@mui/material";
import { Link } from "react-router";
import { useSay } from "../i18n/useSay";

export function AccessDenied() {
  const say = useSay();
  return (
    <Box sx={{ py: 8, textAlign: "center" }}>
      <LockOutlined color="disabled" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {say("components.accessDenied")}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {say("components.accessDeniedText")}
      </Typography>
      <Button component={Link} to="/dashboard" variant="contained">
        {say("components.accessDeniedBack")}
      </Button>
    </Box>
  );
}
