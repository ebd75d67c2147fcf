import Download from "@mui/icons-material/Download";
import Security from "@mui/icons-material/Security";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { ROLE_LABELS } from "@sprout/shared/roles";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { errorMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { LanguageCard } from "../../i18n/LanguageCard";
import { NotificationSettings } from "../push/NotificationSettings";
import { accountApi, backupCodesFile, downloadText } from "./api";

type Action = "disable" | "regenerate" | null;

/** The signed-in user's own account: who they are and their two-factor protection. */
export function AccountSecurityPage() {
  const user = useSignedInUser();
  const location = useLocation();
  const queryClient = useQueryClient();
  const carriedMessage = (location.state as { message?: string } | null)?.message;
  const [action, setAction] = useState<Action>(null);
  const [password, setPassword] = useState("");
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState(carriedMessage ?? "");
  const status = useQuery({ queryKey: ["2fa-status"], queryFn: accountApi.twoFactorStatus });
  const confirm = useMutation({
    mutationFn: async () => {
      if (action === "disable")
        return { kind: "disable" as const, answer: await accountApi.twoFactorDisable(password) };
      return { kind: "regenerate" as const, answer: await accountApi.regenerateBackupCodes(password) };
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ["2fa-status"] });
      setAction(null);
      setPassword("");
      setNotice(result.answer.message);
      if (result.kind === "regenerate") setNewCodes(result.answer.backupCodes);
    },
  });
  const close = () => {
    setAction(null);
    setPassword("");
    confirm.reset();
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Box>
        <Typography variant="h4" component="h1">
          Account &amp; Security
        </Typography>
        <Typography color="text.secondary">Your sign-in, how it is protected, and your notifications.</Typography>
      </Box>
      {notice && (
        <Alert severity="success" onClose={() => setNotice("")}>
          {notice}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Profile
          </Typography>
          <Stack spacing={0.5}>
            <Typography>{user.fullName}</Typography>
            <Typography color="text.secondary">{user.email}</Typography>
            <Typography color="text.secondary">
              {ROLE_LABELS[user.role]}
              {user.centerName ? ` · ${user.centerName}` : ""}
            </Typography>
          </Stack>
          <Button component={RouterLink} to="/forgot-password" state={{ email: user.email }} sx={{ mt: 2, px: 0 }}>
            Change password by e-mailed code
          </Button>
        </CardContent>
      </Card>
      <LanguageCard />
      <NotificationSettings />
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }}>
            <Security color="primary" aria-hidden />
            <Typography variant="h6" component="h2">
              Two-factor authentication
            </Typography>
            {status.data && (
              <Chip
                size="small"
                label={status.data.enabled ? "Enabled" : "Disabled"}
                color={status.data.enabled ? "success" : "default"}
                variant={status.data.enabled ? "filled" : "outlined"}
              />
            )}
          </Stack>
          {status.isPending && <CircularProgress size={24} aria-label="Loading two-factor status" />}
          {status.isError && <Alert severity="error">{errorMessage(status.error)}</Alert>}
          {status.data && !status.data.enabled && (
            <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
              <Typography color="text.secondary">
                Add a second step to sign-in: a 6-digit code from an authenticator app on your phone.
              </Typography>
              <Button component={RouterLink} to="/setup-2fa" variant="contained">
                Enable two-factor authentication
              </Button>
            </Stack>
          )}
          {status.data?.enabled && (
            <Stack spacing={2}>
              <Typography color="text.secondary">
                Sign-in asks for a code from your authenticator app. Backup codes left:{" "}
                <strong>{status.data.backupCodesRemaining}</strong>
              </Typography>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
                <Button variant="outlined" onClick={() => setAction("regenerate")}>
                  Regenerate backup codes
                </Button>
                <Button variant="outlined" color="error" onClick={() => setAction("disable")}>
                  Disable two-factor
                </Button>
              </Stack>
            </Stack>
          )}
          {newCodes && (
            <Stack spacing={1.5} sx={{ mt: 2 }}>
              <Alert severity="warning">Your new backup codes. The old ones no longer work.</Alert>
              <Box
                sx={{
                  display: "grid",
                  gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))",
                  gap: 1,
                  fontFamily: "monospace",
                }}
              >
                {newCodes.map((code) => (
                  <Paper key={code} variant="outlined" sx={{ py: 0.75, textAlign: "center" }}>
                    {code}
                  </Paper>
                ))}
              </Box>
              <Button
                startIcon={<Download />}
                variant="outlined"
                sx={{ alignSelf: "flex-start" }}
                onClick={() => downloadText(backupCodesFile(newCodes, user.email), "sprout-backup-codes.txt")}
              >
                Download Backup Codes
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
      <Dialog open={action !== null} onClose={close} fullWidth maxWidth="xs">
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate();
          }}
        >
          <DialogTitle>
            {action === "disable" ? "Disable two-factor authentication" : "Regenerate backup codes"}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {action === "disable"
                  ? "Sign-in will no longer ask for a code. Enter your password to confirm."
                  : "New codes replace all of your current ones. Enter your password to confirm."}
              </Typography>
              {confirm.isError && <Alert severity="error">{errorMessage(confirm.error)}</Alert>}
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoFocus
                fullWidth
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button
              type="submit"
              variant="contained"
              color={action === "disable" ? "error" : "primary"}
              disabled={!password || confirm.isPending}
            >
              {action === "disable" ? "Disable" : "Regenerate"}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Stack>
  );
}
