import SearchOff from "@mui/icons-material/SearchOff";
import { Box, Button, Typography } from "@mui/material";
import { Link as RouterLink, useLocation } from "react-router";

/** The 404 page; `embedded` inside the signed-in shell, which already has the main landmark. */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const { pathname } = useLocation();
  return (
    <Box
      component={embedded ? "section" : "main"}
      sx={{ minHeight: embedded ? "60vh" : "100vh", display: "grid", placeItems: "center", p: 3, textAlign: "center" }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <SearchOff color="disabled" sx={{ fontSize: 72 }} aria-hidden />
        <Typography variant="overline" component="p" color="text.secondary" sx={{ fontSize: 14 }}>
          404
        </Typography>
        <Typography variant="h4" component="h1">
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3, wordBreak: "break-word" }}>
          There is no page at <strong>{pathname}</strong>. It may have moved, or the address may be mistyped.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          Go to Home
        </Button>
      </Box>
    </Box>
  );
}
