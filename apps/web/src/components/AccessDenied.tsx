import LockOutlined from "@mui/icons-material/LockOutlined";
import { Box, Button, Typography } from "@mui/material";
import { Link } from "react-router";

export function AccessDenied() {
  return (
    <Box sx={{ py: 8, textAlign: "center" }}>
      <LockOutlined color="disabled" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Access denied
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Your role does not give access to this page.
      </Typography>
      <Button component={Link} to="/dashboard" variant="contained">
        Back to dashboard
      </Button>
    </Box>
  );
}
