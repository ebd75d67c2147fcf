import Menu from "@mui/icons-material/Menu";
import Spa from "@mui/icons-material/Spa";
import { AppBar, Box, CssBaseline, Drawer, IconButton, Toolbar, Typography, useMediaQuery } from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { DRAWER_WIDTH } from "@sprout/shared/constants";
import { type ReactNode, useCallback, useState } from "react";
import { useIntl } from "react-intl";
import { Outlet } from "react-router";
import { logout } from "../auth/api";
import { useSignedInUser } from "../auth/useSession";
import { NotificationBell } from "../features/communication/NotificationBell";
import { EmergencyBanner } from "../features/emergency/EmergencyBanner";
import { ConsentGate } from "../features/privacy/ConsentGate";
import { OfflineMarker } from "../offline/OfflineMarker";
import { TapQueuePanel } from "../offline/TapQueuePanel";
import { forgetQueue } from "../offline/tapQueue";
import { useSendTapsWhenOnline, useTapQueue } from "../offline/useTapQueue";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { SideNav } from "./SideNav";
import { SignOutWarning } from "./SignOutWarning";
import { parentTheme, staffTheme } from "./theme";

/**
 * The signed-in frame: side navigation (permanent from md, a hamburger drawer below) and the page;
 * `children` replaces the routed page (the 404 page of a signed-in user).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const user = useSignedInUser();
  const theme = user.role === "parent" ? parentTheme : staffTheme;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* One live connection for every signed-in page: the emergency banner must reach any screen. */}
      <RealtimeProvider>
        <Frame>{children}</Frame>
      </RealtimeProvider>
    </ThemeProvider>
  );
}

function Frame({ children }: { children?: ReactNode }) {
  const user = useSignedInUser();
  const wide = useMediaQuery((theme) => theme.breakpoints.up("md"), { noSsr: true });
  const [open, setOpen] = useState(false);
  // The phone's menu is built when it is first opened, then kept, so that a page's first load does
  // not pay for a menu most visits never open.
  const [menuBuilt, setMenuBuilt] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  useSendTapsWhenOnline(user.id);
  const unsent = useTapQueue().length;
  const [warning, setWarning] = useState(false);

  const signOut = () => {
    setWarning(false);
    setLoggingOut(true);
    // The device forgets this person's unsent taps with the session (the kept answers go in endSession).
    void forgetQueue().then(logout);
  };
  const handleLogout = () => {
    if (unsent === 0) return signOut();
    // The phone's menu closes, so that the warning is the only thing in front of the page.
    setOpen(false);
    setWarning(true);
  };

  // Stable, so that the navigation's entries (memoised) do not all render again when the frame does.
  const closeMenu = useCallback(() => setOpen(false), []);
  const intl = useIntl();
  const nav = <SideNav user={user} onNavigate={closeMenu} onLogout={handleLogout} loggingOut={loggingOut} />;
  const paperSx = { width: DRAWER_WIDTH, boxSizing: "border-box" } as const;

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      {!wide && (
        <AppBar position="fixed" color="primary" elevation={1}>
          <Toolbar>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={intl.formatMessage({ id: "nav.open" })}
              onClick={() => {
                setMenuBuilt(true);
                setOpen(true);
              }}
              sx={{ mr: 1 }}
            >
              <Menu />
            </IconButton>
            <Spa sx={{ mr: 1 }} aria-hidden />
            <Typography variant="h6" component="p" sx={{ fontWeight: 700, flexGrow: 1 }}>
              {intl.formatMessage({ id: "app.name" })}
            </Typography>
            <NotificationBell />
          </Toolbar>
        </AppBar>
      )}
      {wide && (
        // The desktop top bar carries what belongs to every page: the bell.
        <AppBar
          position="fixed"
          color="inherit"
          elevation={0}
          sx={{
            width: `calc(100% - ${DRAWER_WIDTH}px)`,
            ml: `${DRAWER_WIDTH}px`,
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <Toolbar variant="dense" sx={{ justifyContent: "flex-end" }}>
            <NotificationBell color="primary" />
          </Toolbar>
        </AppBar>
      )}
      {wide ? (
        <Drawer variant="permanent" sx={{ width: DRAWER_WIDTH, flexShrink: 0, "& .MuiDrawer-paper": paperSx }}>
          {nav}
        </Drawer>
      ) : (
        menuBuilt && (
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            ModalProps={{ keepMounted: true }}
            sx={{ "& .MuiDrawer-paper": paperSx }}
          >
            {nav}
          </Drawer>
        )
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3, md: 4 } }}>
        <Toolbar variant={wide ? "dense" : "regular"} />
        <OfflineMarker />
        <TapQueuePanel />
        <EmergencyBanner />
        <ConsentGate>{children ?? <Outlet />}</ConsentGate>
        <SignOutWarning open={warning} unsent={unsent} onCancel={() => setWarning(false)} onConfirm={signOut} />
      </Box>
    </Box>
  );
}
