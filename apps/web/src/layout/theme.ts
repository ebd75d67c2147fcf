import { keyframes } from "@emotion/react";
import { createTheme, type ThemeOptions } from "@mui/material/styles";

// No web fonts: the app must look right offline and on slow phone connections.
const fontFamily = [
  "system-ui",
  "-apple-system",
  '"Segoe UI"',
  "Roboto",
  '"Noto Sans"',
  '"Helvetica Neue"',
  "Arial",
  "sans-serif",
].join(",");

// MUI's indeterminate bar animates `left` and `right`, so while anything loads a phone lays the
// page out again on every frame, between the tasks that build it. This bar slides with a
// transform, which the compositor animates off the main thread.
const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

// Someone whose system asks for less motion gets none: dialogs, menus and drawers appear at
// once and a pressed button sends no ripple (WCAG 2.3.3). The end-to-end browser asks for it too,
// which spares a busy machine the frames of every opening dialog.
const reduceMotion = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
const still: ThemeOptions = {
  transitions: {
    create: () => "none",
    getAutoHeightDuration: () => 0,
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
};

const shared: ThemeOptions = {
  ...(reduceMotion ? still : {}),
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    // Page titles (h4) and section titles (h5) fit one line on a 390 px phone.
    h4: { fontWeight: 700, "@media (max-width:599.95px)": { fontSize: "1.2rem" } },
    h5: { fontWeight: 700, "@media (max-width:599.95px)": { fontSize: "1.1rem" } },
    h6: { fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiCard: { defaultProps: { variant: "outlined" } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiButtonBase: { defaultProps: { disableRipple: reduceMotion } },
    MuiLinearProgress: {
      styleOverrides: {
        bar1Indeterminate: { width: "40%", right: "auto", animation: `${slide} 1.6s ease-in-out infinite` },
        bar2Indeterminate: { display: "none" },
      },
    },
  },
};

/** Staff console: calm greens and neutral surfaces for long working days. */
export const staffTheme = createTheme({
  ...shared,
  palette: {
    mode: "light",
    primary: { main: "#2e7d5b", contrastText: "#ffffff" },
    secondary: { main: "#3f51b5" },
    background: { default: "#f4f7f5", paper: "#ffffff" },
  },
});

/** Parent portal: a warmer palette, so that families know they are in their own space. */
export const parentTheme = createTheme({
  ...shared,
  palette: {
    mode: "light",
    primary: { main: "#c2571a", contrastText: "#ffffff" },
    secondary: { main: "#8e4ba8" },
    background: { default: "#fff7f0", paper: "#ffffff" },
  },
});
