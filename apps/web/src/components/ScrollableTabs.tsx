import { Tabs, type TabsProps, useMediaQuery } from "@mui/material";

/**
 * A row of tabs that scrolls sideways when it does not fit. On a phone its arrows always hold
 * their place (MUI hides an arrow that cannot be used): arrows that appear only once the row is
 * found to overflow push every tab sideways just after it is drawn, under a tap already aimed.
 */
export function ScrollableTabs(props: Omit<TabsProps, "variant" | "scrollButtons" | "allowScrollButtonsMobile">) {
  const phone = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  return <Tabs variant="scrollable" scrollButtons={phone ? true : "auto"} allowScrollButtonsMobile {...props} />;
}
