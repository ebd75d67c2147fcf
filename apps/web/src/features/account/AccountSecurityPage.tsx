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
import { ROLE_LABEL_IDS } from "@sprout/shared/roles";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { errorMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { LanguageCard } from "../../i18n/LanguageCard";
import { useSay } from "../../i18n/useSay";
import { NotificationSettings } from "../push/NotificationSettings";
import { accountApi, backupCodesFile, downloadText } from "./api";

type Action = "disable" | "regenerate" | null;

/** The signed-in user's own account: who they are and their two-factor protection. */
export function AccountSecurityPage() {
  const say = useSay();
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
          {say("account.title")}
        </Typography>
        <Typography color="text.secondary">{say("account.subtitle")}</Typography>
      </Box>
      {notice && (
        <Alert severity="success" onClose={() => setNotice("")}>
          {notice}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {say("account.profile")}
          </Typography>
          <Stack spacing={0.5}>
            <Typography>{user.fullName}</Typography>
            <Typography color="text.secondary">{user.email}</Typography>
            <Typography color="text.secondary">
              {say(ROLE_LABEL_IDS[user.role])}
              {user.centerName ? ` · ${user.centerName}` : ""}
            </Typography>
          </Stack>
          <Button component={RouterLink} to="/forgot-password" state={{ email: user.email }} sx={{ mt: 2, px: 0 }}>
            {say("account.changePassword")}
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
              {say("account.twoFactorTitle")}
            </Typography>
            {status.data && (
              <Chip
                size="small"
                label={say(status.data.enabled ? "account.statusEnabled" : "account.statusDisabled")}
                color={status.data.enabled ? "success" : "default"}
                variant={status.data.enabled ? "filled" : "outlined"}
              />
            )}
          </Stack>
          {status.isPending && <CircularProgress size={24} aria-label={say("account.loadingStatus")} />}
          {status.isError && <Alert severity="error">{errorMessage(status.error)}</Alert>}
          {status.data && !status.data.enabled && (
            <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
              <Typography color="text.secondary">{say("account.enableExplained")}</Typography>
              <Button component={RouterLink} to="/setup-2fa" variant="contained">
                {say("account.enable")}
              </Button>
            </Stack>
          )}
          {status.data?.enabled && (
            <Stack spacing={2}>
              <Typography color="text.secondary">
                {say("account.enabledExplained")} <strong>{status.data.backupCodesRemaining}</strong>
              </Typography>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
                <Button variant="outlined" onClick={() => setAction("regenerate")}>
                  {say("account.regenerate")}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setAction("disable")}>
                  {say("account.disableTwoFactor")}
                </Button>
              </Stack>
            </Stack>
          )}
          {newCodes && (
            <Stack spacing={1.5} sx={{ mt: 2 }}>
              <Alert severity="warning">{say("account.newCodes")}</Alert>
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
                onClick={() => downloadText(backupCodesFile(newCodes, user.email, say), "sprout-backup-codes.txt")}
              >
                {say("account.downloadCodes")}
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
          <DialogTitle>{say(action === "disable" ? "account.disableTitle" : "account.regenerate")}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {say(action === "disable" ? "account.disableExplained" : "account.regenerateExplained")}
              </Typography>
              {confirm.isError && <Alert severity="error">{errorMessage(confirm.error)}</Alert>}
              <TextField
                label={say("account.password")}
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
            <Button onClick={close}>{say("account.cancel")}</Button>
            <Button
              type="submit"
              variant="contained"
              color={action === "disable" ? "error" : "primary"}
              disabled={!password || confirm.isPending}
            >
              {say(action === "disable" ? "account.disable" : "account.regenerateButton")}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Stack>
  );
}
