import SearchOff from "@mui/icons-material/SearchOff";
import { Box, Button, Typography } from "@mui/material";
import { FormattedMessage } from "react-intl";
import { Link as RouterLink, useLocation } from "react-router";
import { useSay } from "../../i18n/useSay";

/** The 404 page; `embedded` inside the signed-in shell, which already has the main landmark. */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const say = useSay();
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
          {say("errors.pageNotFound")}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3, wordBreak: "break-word" }}>
          <FormattedMessage
            id="errors.noPageAt"
            values={{ path: pathname, strong: (chunks) => <strong>{chunks}</strong> }}
          />
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {say("errors.goHome")}
        </Button>
      </Box>
    </Box>
  );
}
